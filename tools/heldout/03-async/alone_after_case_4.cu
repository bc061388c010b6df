// SPDX-License-Identifier: MIT
// expect reproduce_case_5 stale-queue @35,37
// lesson 03: a launch returns before the work is done
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <chrono>

using steady = std::chrono::steady_clock;
using millis = std::chrono::duration<double, std::milli>;

double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  const steady::time_point start = steady::now();
  work(stream);
  const steady::time_point stop = steady::now();
  return millis(stop - start).count();
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  // case 4: only the launch
  parts.case_4_ms = time_launch_only(case_4_work, stream);

  // case 5's work by itself first: case 4 only queued its GEMM, it did not run anything here
  const steady::time_point start = steady::now();
  case_5_work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const steady::time_point stop = steady::now();
  parts.alone_ms = millis(stop - start).count();

  // case 5 as the article wrote it: launch, then synchronize
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> us(static_cast<std::size_t>(std::max(count, 0)), 0.0);
  for (std::size_t i = 0; i < us.size(); ++i) {
    const steady::time_point start = steady::now();
    work(stream);
    const steady::time_point stop = steady::now();
    us[i] = std::chrono::duration<double, std::micro>(stop - start).count();
  }
  return us;
}

int find_crossover(const std::vector<size_timing>& table) {
  int answer = -1;
  for (std::size_t i = table.size(); i-- > 0;) {
    if (!(table[i].gpu_ms < table[i].cpu_ms)) {
      break; // the CPU wins (or ties) here: no crossover at or below this size
    }
    answer = table[i].n;
  }
  return answer;
}
