// SPDX-License-Identifier: MIT
// expect reproduce_case_5 stale-queue @31
// Lesson 03: the launch alone, case 5 with the stale work it waited for, a burst of launches each
// timed on the host, and the size from which the GPU wins.
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
  work(stream); // only queues the work
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  parts.case_4_ms = time_launch_only(case_4_work, stream); // case 4's work stays queued
  // case 5's work on its own first, then case 5 as the article timed it
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> times_us(static_cast<std::size_t>(std::max(count, 0)), 0.0);
  for (std::size_t i = 0; i < times_us.size(); ++i) {
    const auto start = std::chrono::steady_clock::now();
    work(stream);
    const auto stop = std::chrono::steady_clock::now();
    times_us[i] = std::chrono::duration<double, std::micro>(stop - start).count();
  }
  return times_us;
}

int find_crossover(const std::vector<size_timing>& table) {
  // walk down from the largest size while the GPU keeps winning
  int answer = -1;
  for (int i = static_cast<int>(table.size()) - 1; i >= 0; --i) {
    if (!(table[i].gpu_ms < table[i].cpu_ms)) {
      break;
    }
    answer = table[i].n;
  }
  return answer;
}
