// SPDX-License-Identifier: MIT
/// @file known_work_trial.cuh
/// @brief One trial of a student's timing function on a kernel of known duration.
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/known_duration_work.cuh"
#include "checkapi/number_slip.hpp"
#include "checkapi/say.hpp"
#include "checkapi/timing_trials.hpp"

#include <cuda_runtime.h>

namespace gpucheck {

/// Calls `time_it(work)`, where `work(stream)` queues `kernel` to run for `duration_ms`, and
/// records what a timing check needs: the number and the call's window (call_timed), the kernel's
/// true duration by its own clock, how often the call ran the work, whether it read clock().
template <typename TimeIt>
timing_trial time_known_work(known_duration_work& kernel, double duration_ms,
                             time_tolerance tolerance, TimeIt&& time_it) {
  timing_trial trial;
  trial.work = say("check.api.work.known-kernel");
  trial.tolerance = tolerance;
  const auto clock_reads_before = cpu_clock_reads();
  const int runs_before = kernel.runs();
  trial.call =
      call_timed([&] { return time_it([&](cudaStream_t s) { kernel.enqueue(s, duration_ms); }); });
  trial.read_cpu_clock = cpu_clock_read_since(clock_reads_before);
  trial.work_runs = kernel.runs() - runs_before;
  trial.call.truth_ms = kernel.true_ms_since(runs_before, duration_ms);
  trial.reported_ms = trial.call.reported_ms;
  trial.truth_ms = trial.call.truth_ms;
  return trial;
}

} // namespace gpucheck
