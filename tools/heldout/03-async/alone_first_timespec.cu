// SPDX-License-Identifier: MIT
// expect pass
// Lesson 03: the launch alone, the article's case 5 taken apart, a burst of launches, and the
// crossover size.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace {

double ms_between(const timespec& from, const timespec& to) {
  return static_cast<double>(to.tv_sec - from.tv_sec) * 1e3 +
         static_cast<double>(to.tv_nsec - from.tv_nsec) * 1e-6;
}

} // namespace

double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  timespec before{}, after{};
  clock_gettime(CLOCK_MONOTONIC, &before);
  work(stream);
  clock_gettime(CLOCK_MONOTONIC, &after); // no wait: only the launch
  return ms_between(before, after);
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  // The GPU is idle on entry: this is the moment to time case 5's work by itself.
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  // Then the article's order: case 4 (launch only, never waited for), case 5 right behind it.
  parts.case_4_ms = time_launch_only(case_4_work, stream);
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  const std::size_t n = static_cast<std::size_t>(std::max(count, 0));
  // All the clock readings go into memory reserved beforehand; the arithmetic comes afterwards.
  std::vector<timespec> before(n), after(n);
  for (std::size_t i = 0; i < n; ++i) {
    clock_gettime(CLOCK_MONOTONIC, &before[i]);
    work(stream);
    clock_gettime(CLOCK_MONOTONIC, &after[i]);
  }
  std::vector<double> launch_us(n);
  for (std::size_t i = 0; i < n; ++i) {
    launch_us[i] = ms_between(before[i], after[i]) * 1e3;
  }
  return launch_us;
}

int find_crossover(const std::vector<size_timing>& table) {
  // Walk up the table; every GPU loss resets the candidate.
  int candidate = -1;
  for (const size_timing& row : table) {
    if (row.gpu_ms < row.cpu_ms) {
      if (candidate < 0) {
        candidate = row.n;
      }
    } else {
      candidate = -1;
    }
  }
  return candidate;
}
