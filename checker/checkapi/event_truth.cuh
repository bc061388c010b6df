// SPDX-License-Identifier: MIT
/// @file event_truth.cuh
/// @brief The checker's own measurement of some GPU work: events on the work's stream, repeated.
#pragma once

#include "checkapi/statistics.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"

#include <functional>
#include <vector>

namespace gpucheck {

/// The median GPU time [ms] of `repetitions` runs of `work`, each bracketed by two events recorded
/// on `stream`, the stream that carries the work. Waits for the device before the first run and
/// after the last. Call it on warm work (run it once before) to get the steady-state time.
inline double median_event_ms(const std::function<void(cudaStream_t)>& work, cudaStream_t stream,
                              int repetitions) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  std::vector<double> times_ms;
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < repetitions; ++i) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float elapsed_ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
    times_ms.push_back(elapsed_ms);
  }
  return median(times_ms);
}

} // namespace gpucheck
