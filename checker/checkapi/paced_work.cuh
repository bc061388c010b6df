// SPDX-License-Identifier: MIT
/// @file paced_work.cuh
/// @brief GPU work of a few microseconds per run whose cost per run the checker knows exactly, also
/// when the runs follow each other in a batch: ground truth for timing short work.
#pragma once

#include "cuda_raii.cuh"

#include <cuda_runtime.h>

namespace gpucheck {

/// A kernel that spins on %globaltimer until its deadline (paced_schedule.hpp): one duration after
/// the previous run's deadline when it follows that run closely, else one duration after its own
/// start. One run on an idle stream takes that duration; runs queued back to back end exactly one
/// duration apart, so the gap between two kernels (about 1 us, a fifth of the shortest work) does
/// not blur the truth: a batch of n runs occupies its stream for n durations. The work of one
/// batch must stay on one stream, as a student's loop does.
class paced_work {
public:
  /// `most_slack_ns`: how late after its predecessor's deadline a run may start and still follow
  /// it, at most (paced_schedule.hpp); 0 keeps the default, the run's length less 1 us.
  explicit paced_work(unsigned long long most_slack_ns = 0);

  /// Queues one run on `stream` (asynchronously, like any launch), paced at `duration_ms`.
  void enqueue(cudaStream_t stream, double duration_ms);

  /// How many runs were queued so far: read before a student's function is called, it tells
  /// afterwards how many runs the function queued.
  int runs() const { return m_runs; }

private:
  gpucourse::device_buffer<unsigned long long> m_deadline; // the last run's deadline [ns]
  int m_runs = 0;
  unsigned long long m_most_slack_ns = 0;
};

} // namespace gpucheck
