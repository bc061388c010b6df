// SPDX-License-Identifier: MIT
// Wrong: each launch of the burst is timed with time_call (the host clock and a device
// synchronize), as case 5 taught: every "launch" time is its run on the GPU, and since each call
// waits, the queue never fills. Expected: fail, on a quiet GPU and under load (each time is longer
// than its launch by a whole run, which no busy GPU explains).
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call: lesson 01's host clock + cudaDeviceSynchronize

#include <algorithm>
#include <chrono>

double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream); // queues the work and returns: the GPU has not finished it, maybe not started it
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

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

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> launch_us(static_cast<std::size_t>(std::max(count, 0)));
  for (double& us : launch_us) {
    us = 1000.0 * gpucourse::time_call(work, stream); // [ms] -> [us], each launch until it ran
  }
  return launch_us;
}

int find_crossover(const std::vector<size_timing>& table) {
  // From the largest size down, while the GPU still wins: the last size seen is the crossover.
  int crossover = -1;
  for (auto row = table.rbegin(); row != table.rend() && row->gpu_ms < row->cpu_ms; ++row) {
    crossover = row->n;
  }
  return crossover;
}
