// SPDX-License-Identifier: MIT
// expect find_crossover slip index-for-value
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
  auto t_start = std::chrono::steady_clock::now();
  work(stream); // only queues the GEMM
  auto t_end = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::duration<double, std::milli>>(t_end - t_start)
      .count();
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  parts.case_4_ms = time_launch_only(case_4_work, stream);
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  // case 5's synchronize drained the whole queue, so nothing else is pending for this one
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> launch_us;
  if (count <= 0) {
    return launch_us;
  }
  launch_us.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    auto t_start = std::chrono::steady_clock::now();
    work(stream);
    auto t_end = std::chrono::steady_clock::now();
    launch_us[static_cast<std::size_t>(i)] =
        std::chrono::duration<double, std::micro>(t_end - t_start).count();
  }
  return launch_us;
}

int find_crossover(const std::vector<size_timing>& table) {
  const int rows = static_cast<int>(table.size());
  if (rows == 0 || !(table[rows - 1].gpu_ms < table[rows - 1].cpu_ms)) {
    return -1; // the GPU does not even win at the largest size
  }
  int first_win = rows - 1;
  while (first_win > 0 && table[first_win - 1].gpu_ms < table[first_win - 1].cpu_ms) {
    --first_win;
  }
  return first_win;
}
