// SPDX-License-Identifier: MIT
/// @file known_duration_work.cuh
/// @brief GPU work whose true duration the checker knows: ground truth for timing checks.
#pragma once

#include "checkapi/other_work.hpp"
#include "cuda_raii.cuh"

#include <cstdint>
#include <cuda_runtime.h>

namespace gpucheck {

/// A kernel that runs for a chosen time by spinning on the GPU's %globaltimer, and records when it
/// really started and ended (in GPU nanoseconds). Its true duration does not depend on the host, on
/// the launch latency or on any timer the student uses, so it is the truth that a student's
/// measurement is judged against.
class known_duration_work {
public:
  known_duration_work();

  /// Queues the kernel on `stream` (asynchronously, like any launch) to run for `duration_ms`.
  void enqueue(cudaStream_t stream, double duration_ms);

  /// How long the last queued run really took on the GPU [ms]. Waits for the device first.
  double last_true_ms() const;

  /// How many runs were queued so far. Read before a student's function is called, it tells
  /// afterwards how many times the function ran the work it was given.
  int runs() const { return m_runs; }

  /// The truth to judge a student's number against when the function was given this work to run
  /// for `planned_ms` and `runs()` was `runs_before` at the call: the last run's true duration if
  /// the function ran the work, else `planned_ms`. Work that never ran must not be judged against
  /// an older run: the 0.01 ms warm-up would pass a function that times nothing.
  double true_ms_since(int runs_before, double planned_ms) const;

  /// When the last run started and ended, in GPU nanoseconds (%globaltimer). Waits for the device.
  void last_span_ns(std::uint64_t& start_ns, std::uint64_t& end_ns) const;

  /// The same, as a span. Waits for the device.
  gpu_span last_span() const;

private:
  gpucourse::device_buffer<unsigned long long> m_stamps; // [start, end] of the last run [ns]
  int m_runs = 0;                                        // runs queued by enqueue()
};

} // namespace gpucheck
