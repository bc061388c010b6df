// SPDX-License-Identifier: MIT
// Lesson 03, reference solution: the launch alone, case 5 taken apart, the launch burst, the
// crossover.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call: lesson 01's host clock + cudaDeviceSynchronize

#include <algorithm>
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

// ANCHOR: case_5
case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  // Case 4 returns while its work is still queued on the GPU...
  parts.case_4_ms = time_launch_only(case_4_work, stream);
  // ...so case 5's cudaDeviceSynchronize waits for that work as well as for its own.
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  // That synchronize left nothing queued: this time is case 5's work alone.
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms; // the earlier work case 5 waited for
  return parts;
}
// ANCHOR_END: case_5

// ANCHOR: burst
std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> launch_us(static_cast<std::size_t>(std::max(count, 0)));
  for (double& us : launch_us) { // sized before the first launch: no allocation between them
    const auto start = std::chrono::steady_clock::now();
    work(stream); // returns once the launch is queued, or once the full queue has room for it
    const auto stop = std::chrono::steady_clock::now();
    us = std::chrono::duration<double, std::micro>(stop - start).count();
  }
  return launch_us; // no wait: the caller synchronizes when it needs the GPU idle
}
// ANCHOR_END: burst

// ANCHOR: crossover
int find_crossover(const std::vector<size_timing>& table) {
  // From the largest size down, while the GPU still wins: the last size seen is the crossover.
  int crossover = -1;
  for (auto row = table.rbegin(); row != table.rend() && row->gpu_ms < row->cpu_ms; ++row) {
    crossover = row->n;
  }
  return crossover;
}
// ANCHOR_END: crossover
