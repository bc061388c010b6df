// SPDX-License-Identifier: MIT
// Lesson 03, reference solution: the launch alone, the work until it finished, the crossover.
#include "cuda_check.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: cpu
double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: cpu

// ANCHOR: launch_only
double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream); // queues the work and returns: the GPU has not finished it, maybe not started it
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: launch_only

// ANCHOR: with_sync
double time_with_sync(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // the host waits here until the GPU has finished
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: with_sync

// ANCHOR: crossover
int find_crossover(const std::vector<size_timing>& table) {
  int crossover = -1;
  for (auto row = table.rbegin(); row != table.rend() && row->gpu_ms < row->cpu_ms; ++row) {
    crossover = row->n;
  }
  return crossover;
}
// ANCHOR_END: crossover
