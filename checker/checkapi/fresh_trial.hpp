// SPDX-License-Identifier: MIT
/// @file fresh_trial.hpp
/// @brief A timing trial measured in a fresh process (fresh_process.hpp), sent back to the check
/// program that started it and judged there like any other.
///
/// A cold start happens once per process, so a trial of a student's function on a first call
/// runs in a fresh process; its numbers come back as values. What cannot come back is the call's
/// window for the trace: the fresh process runs untraced, so such a trial names no call, and its
/// failure is explained by its numbers. A number that is not finite is sent as a flag (a value
/// line holds a decimal number).
/// @code
/// // in the fresh process:
/// gpucheck::report_fresh_trial(gpucheck::time_known_call(...));
/// // in the check program:
/// const auto trial = gpucheck::fresh_trial(gpucheck::run_fresh_process(name, task), tolerance);
/// @endcode
#pragma once

#include "checkapi/fresh_process.hpp"
#include "checkapi/timing_trials.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>

namespace gpucheck {

/// The values that carry `trial` (fresh_trial() reads them back).
inline std::map<std::string, double> fresh_trial_values(const timing_trial& trial) {
  const bool finite = std::isfinite(trial.reported_ms);
  return {{"trial_reported_ms", finite ? trial.reported_ms : 0.0},
          {"trial_reported_not_finite", finite ? 0.0 : 1.0},
          {"trial_truth_ms", trial.truth_ms},
          {"trial_call_ms", trial.call.call_ms},
          {"trial_work_runs", static_cast<double>(trial.work_runs)},
          {"trial_read_cpu_clock", static_cast<double>(trial.read_cpu_clock)},
          {"trial_own_clock", trial.own_clock ? 1.0 : 0.0}};
}

/// In a fresh process: sends `trial` back to the check program.
inline void report_fresh_trial(const timing_trial& trial) {
  for (const auto& [name, value] : fresh_trial_values(trial)) {
    report_fresh_value(name, value);
  }
}

/// The trial a fresh process sent, judged with `tolerance`; empty when the process failed or sent
/// no whole trial. Its `work` is the fresh process's own description, which the caller sets.
inline std::optional<timing_trial> fresh_trial(const fresh_result& run, time_tolerance tolerance) {
  if (!run.ok) {
    return std::nullopt;
  }
  for (const auto& [name, value] : fresh_trial_values(timing_trial{})) {
    (void)value;
    if (run.values.count(name) == 0) {
      return std::nullopt;
    }
  }
  timing_trial trial;
  trial.tolerance = tolerance;
  trial.own_clock = run.value("trial_own_clock") != 0.0;
  trial.reported_ms = run.value("trial_reported_not_finite") != 0.0
                          ? std::numeric_limits<double>::quiet_NaN()
                          : run.value("trial_reported_ms");
  trial.truth_ms = run.value("trial_truth_ms");
  trial.work_runs = static_cast<int>(run.value("trial_work_runs"));
  trial.read_cpu_clock = static_cast<cpu_clock>(run.value("trial_read_cpu_clock"));
  trial.call.reported_ms = trial.reported_ms;
  trial.call.truth_ms = trial.truth_ms;
  trial.call.call_ms = run.value("trial_call_ms");
  return trial;
}

} // namespace gpucheck
