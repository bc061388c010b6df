// SPDX-License-Identifier: MIT
// Lesson 02, reference solution: the first call's time, the steady-state time, and their
// difference.
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace {

// One call, timed until the GPU has finished it (lesson 01's time_call).
double time_call(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

} // namespace

// ANCHOR: measure
first_and_steady measure_first_and_steady(const gpu_work& work, cudaStream_t stream,
                                          int repetitions) {
  first_and_steady timing;
  timing.first_ms = time_call(work, stream);
  std::vector<double> times_ms;
  for (int i = 0; i < repetitions; ++i) {
    times_ms.push_back(time_call(work, stream));
  }
  if (!times_ms.empty()) {
    std::sort(times_ms.begin(), times_ms.end());
    timing.steady_ms = times_ms[times_ms.size() / 2];
  }
  return timing;
}
// ANCHOR_END: measure

// ANCHOR: cost
double warm_up_cost_ms(const first_and_steady& timing) {
  return timing.first_ms - timing.steady_ms;
}
// ANCHOR_END: cost
