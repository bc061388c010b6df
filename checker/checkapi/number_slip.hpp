// SPDX-License-Identifier: MIT
/// @file number_slip.hpp
/// @brief Wrong times whose cause shows in the number itself: a unit slip, or a time longer than
/// the call that measured it.
///
/// A busy GPU or host makes a measured time a few percent or a few milliseconds longer; it never
/// turns milliseconds into microseconds, and it never makes a function report more time than
/// passed between its call and its return. So a slip is judged the same on a quiet GPU and on the
/// busiest one (the check sets noise_could_explain to false), and its message names the slip
/// instead of a timing mistake the student did not make.
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/judge.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/slip_analysis.hpp"

#include <chrono>
#include <string>
#include <unistd.h>
#include <vector>

namespace gpucheck {

/// One call of a student's timing function, as the check saw it.
struct timed_call {
  double reported_ms = 0; ///< what the function returned, meant to be milliseconds
  double truth_ms = 0;    ///< what the timed work really took on the GPU
  double call_ms = 0;     ///< from the call to its return, on the checker's own host clock
  long long begin_ns = 0; ///< the call's start on CLOCK_MONOTONIC (the trace's time base)
  long long end_ns = 0;   ///< its return
  int tid = 0;            ///< the calling thread
};

enum class number_slip {
  none,
  in_microseconds,      ///< the right time, in microseconds (1000 times too large)
  in_nanoseconds,       ///< the right time, in nanoseconds (a million times too large)
  in_seconds,           ///< the right time, in seconds (1000 times too small)
  longer_than_the_call, ///< more time than passed from the call to its return
  relation,             ///< another exact relation to the truth (slip_analysis.hpp)
};

/// Calls `time_it` (a student's timing function, bound to its arguments) and returns what it
/// returned and how long the call lasted on the checker's own clock. truth_ms is the caller's to
/// fill in: it is known only once the work has run.
/// begin_ns, end_ns and tid mark the call in the trace (libstdc++'s steady_clock is
/// CLOCK_MONOTONIC, the trace's base), so that gpucheck can read what the function did in it.
template <typename TimingCall> timed_call call_timed(TimingCall&& time_it) {
  timed_call call;
  call.tid = static_cast<int>(gettid());
  const std::uint64_t clock_reads_before = cpu_clock_reads();
  const auto start = std::chrono::steady_clock::now();
  call.reported_ms = time_it();
  const auto stop = std::chrono::steady_clock::now();
  call.call_ms = std::chrono::duration<double, std::milli>(stop - start).count();
  call.begin_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count();
  call.end_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(stop.time_since_epoch()).count();
  if (cpu_clock_reads() != clock_reads_before)
    detail::note_call_read_cpu_clock({call.begin_ns, call.end_ns, call.tid, call.reported_ms});
  return call;
}

/// Names `call` (with the work's true time) as the one that shows the outcome, so that gpucheck
/// reads the cause of a failure from what the function did in that call.
inline void show_call(check_outcome& outcome, const timed_call& call, double truth_ms) {
  outcome.call.begin_ns = call.begin_ns;
  outcome.call.end_ns = call.end_ns;
  outcome.call.tid = call.tid;
  outcome.call.reported_ms = call.reported_ms;
  outcome.call.truth_ms = truth_ms;
}

/// The slip one call shows, if any. A call whose number is accurate shows none.
number_slip find_number_slip(const timed_call& call, time_tolerance tolerance);

/// A slip, and the call that shows it best.
struct slip_finding {
  number_slip slip = number_slip::none;
  timed_call shown;     ///< the first call that shows the slip
  slip_result relation; ///< for number_slip::relation: which, and its numbers
};

/// The slip of a whole check. A unit slip only when every call shows that same one: one call
/// can match a unit by chance (a 3 us launch for 3 ms of work reads like seconds), five cannot.
/// Then any other relation of slip_analysis that every wrong call shows (whole milliseconds, one
/// run more when `runs` is the number divided by). Otherwise longer_than_the_call when a wrong
/// number was longer than its call, else none.
slip_finding common_number_slip(const std::vector<timed_call>& calls, time_tolerance tolerance,
                                int runs = 0);

/// What to tell the student about a slip, with the numbers of the call that shows it.
struct slip_advice {
  std::string message; ///< what the number shows
  std::string hint;    ///< what to do about it
};

slip_advice advise_on_slip(const slip_finding& finding);

/// When a failed check's calls show a slip: its message and hint become the slip's, its rule is
/// cleared (a wrong number, not a timing method's mistake), `slip` names it (gpucheck keeps it as
/// the why over the trace's findings) and noise_could_explain is set false unless the slip is a
/// factor near 1 that a loaded GPU can imitate (slip_analysis.hpp, exact_relation). Returns
/// whether it did. A passed outcome is left alone.
bool name_number_slip(check_outcome& outcome, const std::vector<timed_call>& calls,
                      time_tolerance tolerance, int runs = 0);

/// For a number judged against a window of right values [low_ms, high_ms] (a cold start, which
/// varies from process to process): the unit it is in when it lies outside the window as
/// milliseconds but inside it in another unit ("microseconds", "nanoseconds", "seconds"); "" when
/// no unit puts it there.
std::string unit_that_fits(double reported_ms, double low_ms, double high_ms);

/// What to tell the student when unit_that_fits() named `unit`: the number as returned, and what
/// it reads as in that unit, and what the window holds (`what_it_fits`, e.g. "a cold start").
std::string unit_slip_message(double reported_ms, const std::string& unit,
                              const std::string& what_it_fits);

} // namespace gpucheck
