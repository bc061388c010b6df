// SPDX-License-Identifier: MIT
// calendar-clock: GPU work was timed with the calendar clock (CLOCK_REALTIME: std::chrono::
// system_clock, gettimeofday, timespec_get; std::chrono::high_resolution_clock in GCC's library).
// The time service or an administrator may step or slew that clock while it measures. Its numbers
// alone cannot show it, but the trace can: every read's line holds the monotonic time it was made
// at, so the calendar clock's move against the monotonic one over the interval is the measured
// number less the interval's monotonic length.
//   - a warning (check_calendar_clock) when that move is material and at least least_jump_ns:
//     the number is off by it;
//   - a note (describe_calendar_clock) otherwise: which clock was read, and how little it moved
//     in this run. A fact about the method, never an accusation of the number.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <cstdlib>

namespace gpucheck::rules::detail {
namespace {

// The least jump the warning believes. A read's monotonic time is taken right after the read, and
// the thread can be preempted in between (for a time slice, milliseconds on a loaded machine), so
// a smaller move may be the tracer's own; real steps are larger (ntpd steps only past 128 ms,
// chrony's makestep by default past 1 s).
constexpr trace::time_ns least_jump_ns = 10'000'000; // [ns] = 10 ms

std::string calendar_clock_name(const std::string& clock) {
  return clock == "gettimeofday" ? "gettimeofday()" : "CLOCK_REALTIME";
}

// The calendar clock's move against the monotonic clock over the interval: positive when it ran
// ahead (stepped forward, or slewed fast).
trace::time_ns moved_ns(const timed_interval& interval) {
  return interval.measured_ns - (interval.stop_ns - interval.start_ns);
}

// The host-clock intervals on the calendar clock that timed GPU work, with whether the clock moved
// in each by a material amount, and by at least least_jump_ns.
template <typename Each> void for_each_calendar_interval(const rule_input& input, Each each) {
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    trace::clock_read kind;
    kind.clock = interval.clock;
    if (interval.how != timed_interval::method::host_clock || facts.cpu_only() ||
        !kind.is_calendar())
      continue;
    const trace::time_ns moved = moved_ns(interval);
    const trace::time_ns wall_ns = interval.stop_ns - interval.start_ns;
    each(facts, moved,
         std::llabs(moved) >= least_jump_ns &&
             is_material(std::llabs(moved), wall_ns, input.options));
  }
}

} // namespace

std::vector<finding> check_calendar_clock(const rule_input& input) {
  std::vector<finding> findings;
  for_each_calendar_interval(input, [&](const interval_facts& facts, trace::time_ns moved,
                                        bool material) {
    if (!material)
      return;
    const timed_interval& interval = facts.interval;
    std::string message =
        messages::text("calendar-clock.why-moved",
                       {{"measured", format_duration(interval.measured_ns)},
                        {"clock", calendar_clock_name(interval.clock)},
                        {"wall", format_duration(interval.stop_ns - interval.start_ns)},
                        {"moved", (moved < 0 ? "-" : "+") + format_duration(std::llabs(moved))}});
    findings.push_back(make_finding("calendar-clock", interval, std::llabs(moved), facts.truth_ns(),
                                    std::move(message), messages::text("calendar-clock.fix")));
  });
  return findings;
}

std::vector<finding> describe_calendar_clock(const rule_input& input) {
  std::vector<finding> notes;
  for_each_calendar_interval(
      input, [&](const interval_facts& facts, trace::time_ns moved, bool material) {
        if (material)
          return; // check_calendar_clock's warning says it
        const timed_interval& interval = facts.interval;
        std::string message =
            messages::text("calendar-clock.note", {{"clock", calendar_clock_name(interval.clock)},
                                                   {"moved", format_duration(std::llabs(moved))}});
        finding note = make_finding("calendar-clock", interval, 0, facts.truth_ns(),
                                    std::move(message), messages::text("calendar-clock.fix"));
        note.level = severity::note;
        notes.push_back(std::move(note));
      });
  return notes;
}

} // namespace gpucheck::rules::detail
