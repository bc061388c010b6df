// SPDX-License-Identifier: MIT
#include "judgement/launch_judgement.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "checkapi/work_runs.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

// No launch call returns in under 0.1 us (a GEMM's launch takes a few microseconds, a kernel's
// about 2): a launch time shorter is no launch's, and read in seconds it may be one.
constexpr double shortest_launch_ms = 1e-4;

// A launch's time: above the shortest, under a tenth of the work's and under 0.5 ms.
std::string launch_unit(double launch_ms, double truth_ms) {
  return unit_that_fits(launch_ms, shortest_launch_ms, std::min(truth_ms / 10.0, 0.5));
}

} // namespace

check_outcome judge_launch_only(const launch_numbers& numbers, const std::string& section) {
  const double launch_ms = numbers.launch_ms;
  const double truth_ms = numbers.truth_ms;
  const double spin_launch_ms = numbers.spin_launch_ms;
  const double spin_truth_ms = numbers.spin_truth_ms;
  check_outcome outcome;
  outcome.name = say("check.l03.launch.name");
  const bool positive = launch_ms > 0 && spin_launch_ms > 0 && std::isfinite(launch_ms);
  // Both launch times in seconds: each under the shortest launch, and a launch's once read so.
  const bool in_seconds = positive && launch_ms < shortest_launch_ms &&
                          spin_launch_ms < shortest_launch_ms &&
                          launch_unit(launch_ms, truth_ms) == "seconds";
  outcome.passed = positive && !in_seconds && numbers.spin_runs > 0 &&
                   launch_ms <= truth_ms / 10.0 && spin_launch_ms <= spin_truth_ms / 10.0;
  outcome.expected = say("check.l03.launch.expected",
                         {{"limit", format_ms(truth_ms / 10.0)}, {"truth", format_ms(truth_ms)}});
  outcome.measured = say("check.l03.launch.measured", {{"launch", format_ms(launch_ms)},
                                                       {"spin_launch", format_ms(spin_launch_ms)},
                                                       {"spin_truth", format_ms(spin_truth_ms)}});
  if (!positive) {
    outcome.message = say("check.l03.launch-untimed.message", {{"launch", format_ms(launch_ms)}});
    outcome.hint = say("check.l03.launch-untimed.hint");
    outcome.lesson_section = section;
  } else if (!outcome.passed) {
    const bool waited = launch_ms >= truth_ms / 2 || spin_launch_ms >= spin_truth_ms / 2;
    // Longer than every call that returned it, and a launch's time as microseconds or
    // nanoseconds: a unit slip, not a wait (slip_analysis.hpp); or shorter than any launch, and
    // one in seconds. The slip stays the why over the trace's findings.
    const bool longer_than_call = launch_ms > numbers.longest.call_ms * 1.01 + 0.02;
    const std::string unit = launch_unit(launch_ms, truth_ms);
    const bool small_unit = longer_than_call && (unit == "microseconds" || unit == "nanoseconds");
    if (small_unit || in_seconds) {
      outcome.message = unit_slip_message(launch_ms, unit, say("check.l03.launch-fits"));
      const slip_kind kind = unit == "microseconds"  ? slip_kind::times_1000
                             : unit == "nanoseconds" ? slip_kind::times_million
                                                     : slip_kind::over_1000;
      outcome.hint = kind == slip_kind::times_1000  ? say("check.api.slip.times-1000.hint")
                     : kind == slip_kind::over_1000 ? say("check.api.slip.over-1000.hint")
                                                    : say("check.api.slip.times-million.hint");
      outcome.slip = slip_id(kind);
      outcome.noise_could_explain = false;
      show_call(outcome, numbers.longest, truth_ms);
    } else if (waited) {
      // At least half the work's time: the function waited for the GPU. A launch does not wait
      // for other processes' work, so no busy GPU explains this.
      outcome.message = say("check.l03.launch-waited.message");
      outcome.hint = say("check.l03.launch-waited.hint");
      outcome.noise_could_explain = false;
    } else {
      // Longer than a launch, shorter than the work; a slow host can do this too, so a disturbed
      // machine may excuse it. No call is shown for the trace: its rules hold a clock stopped
      // before the work finished for a mistake (unsynced-stop), which this function does on
      // purpose, and would tell the student to synchronize.
      outcome.message = say("check.l03.launch-long.message");
      outcome.hint = say("check.l03.launch-long.hint");
      outcome.noise_could_explain = true;
    }
    outcome.lesson_section = section;
  }
  // A launch time without a launch: the work was never queued.
  name_work_runs(outcome, {{numbers.spin_runs, spin_launch_ms, spin_truth_ms}});
  return outcome;
}

} // namespace gpucheck
