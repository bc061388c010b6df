// SPDX-License-Identifier: MIT
// cpu-time-clock: GPU work was timed with a clock that counts CPU time (clock(),
// CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID). While the host waits for the GPU without
// spinning, that clock stands still. Effect: the difference between what was measured and the
// wall-clock length of the interval. When the wait spun, the two agree, and the method is still
// wrong: the number holds only while the host spins (cudaDeviceScheduleBlockingSync, or a busy
// machine's scheduler, takes the wait out of it). Effect then: the waits' host time, what the
// number would lose. In a lesson every number asked for is a time that passes, so there a clock
// of CPU time is the cause whatever the interval held and however close its number came: a
// failing call that read one is explained by it (docs/ARCHITECTURE.md, "Which why wins").
#include "messages/messages.hpp"
#include "rules/detail/overhead.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <cstdlib>

namespace gpucheck::rules::detail {
namespace {

std::string clock_name(const std::string& clock) {
  if (clock == "clock")
    return "clock()";
  if (clock == "process_cputime")
    return "CLOCK_PROCESS_CPUTIME_ID";
  if (clock == "thread_cputime")
    return "CLOCK_THREAD_CPUTIME_ID";
  if (clock == "getrusage")
    return "getrusage()";
  if (clock == "times")
    return "times()";
  return clock;
}

} // namespace

std::vector<finding> check_cpu_time_clock(const rule_input& input) {
  std::vector<finding> findings;
  const bool lesson = input.options.mode == rule_options::context::lesson;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.how != timed_interval::method::host_clock || (facts.cpu_only() && !lesson))
      continue;
    trace::clock_read kind;
    kind.clock = interval.clock;
    if (!kind.counts_cpu_time())
      continue;
    const trace::time_ns wall_ns = interval.stop_ns - interval.start_ns;
    trace::time_ns effect_ns = std::llabs(wall_ns - interval.measured_ns);
    std::string message;
    if (is_material(effect_ns, wall_ns, input.options)) {
      message =
          messages::text("cpu-time-clock.why", {{"measured", format_duration(interval.measured_ns)},
                                                {"clock", clock_name(interval.clock)},
                                                {"wall", format_duration(wall_ns)}});
      if (!facts.work.empty()) {
        message += messages::text("cpu-time-clock.work-ran",
                                  {{"truth", format_duration(facts.truth_ns())}});
      }
    } else {
      std::vector<const trace::api_call*> waits;
      for (const host_wait* wait : facts.waits)
        waits.push_back(wait->call);
      const trace::time_ns waited_ns = union_of_calls_ns(waits);
      if (is_material(waited_ns, wall_ns, input.options)) {
        effect_ns = waited_ns;
        message = messages::text("cpu-time-clock.why-spun",
                                 {{"measured", format_duration(interval.measured_ns)},
                                  {"clock", clock_name(interval.clock)},
                                  {"waited", format_duration(waited_ns)}});
      } else if (lesson) {
        message = messages::text("cpu-time-clock.why-busy",
                                 {{"measured", format_duration(interval.measured_ns)},
                                  {"clock", clock_name(interval.clock)},
                                  {"wall", format_duration(wall_ns)}});
      } else {
        continue;
      }
    }
    std::string hint = messages::text("cpu-time-clock.fix");
    findings.push_back(make_finding("cpu-time-clock", interval, effect_ns, facts.truth_ns(),
                                    std::move(message), std::move(hint)));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
