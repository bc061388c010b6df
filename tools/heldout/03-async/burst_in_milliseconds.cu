// SPDX-License-Identifier: MIT
// expect launch_burst slip over-1000
// Lesson 03 exercise.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

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
  work(stream);
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts{};
  parts.case_4_ms = time_launch_only(case_4_work, stream);    // case 4, left running
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream); // waits for case 4's work too
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);  // queue empty: its own work only
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  using clock = std::chrono::steady_clock;
  std::vector<clock::time_point> marks(static_cast<std::size_t>(std::max(count, 0)) * 2);
  for (std::size_t i = 0; i + 1 < marks.size(); i += 2) {
    marks[i] = clock::now();
    work(stream);
    marks[i + 1] = clock::now();
  }
  std::vector<double> times;
  times.reserve(marks.size() / 2);
  for (std::size_t i = 0; i + 1 < marks.size(); i += 2) {
    times.push_back(std::chrono::duration<double, std::milli>(marks[i + 1] - marks[i]).count());
  }
  return times;
}

int find_crossover(const std::vector<size_timing>& table) {
  int crossover = -1;
  for (auto it = table.rbegin(); it != table.rend(); ++it) {
    if (!(it->gpu_ms < it->cpu_ms)) {
      break;
    }
    crossover = it->n;
  }
  return crossover;
}
