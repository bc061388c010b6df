// SPDX-License-Identifier: MIT
/// @file paced_work_trial.cuh
/// @brief One trial of a student's function that times a batch of runs of short work.
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/paced_work.cuh"
#include "checkapi/say.hpp"
#include "checkapi/timing_trials.hpp"
#include "cuda_check.cuh"

#include <cmath>
#include <cuda_runtime.h>
#include <limits>

namespace gpucheck {

/// What a function that times many runs in one interval reports: the interval, and how many runs
/// it holds. The checker divides, so that the number the function measured is the number it
/// returned (a trace of the call compares the two).
struct batch_report {
  double total_ms = 0; ///< [ms] the time of all the runs together
  int runs = 0;        ///< how many runs of the work that time holds
};

/// Calls `time_batch(work)`, where `work(stream)` queues one run of `kernel` paced at `run_ms`, and
/// judges the time per run (total_ms / runs) against `run_ms`, the exact share of one run in a
/// batch that follows itself on its stream (paced_work.cuh). The call's window and number, for the
/// trace, are the total and the runs' total truth; how often the work ran is counted, and whether
/// the call read clock().
template <typename TimeBatch>
timing_trial time_paced_runs(paced_work& kernel, double run_ms, time_tolerance tolerance,
                             TimeBatch&& time_batch) {
  timing_trial trial;
  trial.work = say("check.api.work.one-paced-run");
  trial.tolerance = tolerance;
  // The kernel's pace is whole nanoseconds, and nothing else: it is the truth by construction.
  const double truth_ms = static_cast<double>(std::llround(run_ms * 1e6)) * 1e-6;
  const auto clock_reads_before = cpu_clock_reads();
  const int runs_before = kernel.runs();
  batch_report reported;
  trial.call = call_timed([&] {
    reported = time_batch([&](cudaStream_t s) { kernel.enqueue(s, run_ms); });
    return reported.total_ms;
  });
  CUDA_CHECK(cudaDeviceSynchronize()); // the runs end before the next trial queues more
  trial.read_cpu_clock = cpu_clock_read_since(clock_reads_before);
  trial.work_runs = kernel.runs() - runs_before;
  trial.call.truth_ms = truth_ms * (reported.runs > 0 ? reported.runs : 1);
  trial.reported_ms = reported.runs > 0 ? reported.total_ms / reported.runs
                                        : std::numeric_limits<double>::quiet_NaN();
  trial.truth_ms = truth_ms;
  return trial;
}

} // namespace gpucheck
