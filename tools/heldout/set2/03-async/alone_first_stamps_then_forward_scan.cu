// SPDX-License-Identifier: MIT
// expect pass
// Lesson 03: the launch alone; case 5's work timed alone first, while the GPU is still idle, then
// cases 4 and 5 as the article ran them; a launch burst whose clock readings are kept raw and
// converted afterwards; the crossover found in one pass from the smallest size.
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
  using ms = std::chrono::duration<double, std::milli>;
  const std::chrono::steady_clock::time_point called = std::chrono::steady_clock::now();
  work(stream); // returns once the work is queued; nothing here waits for it
  const std::chrono::steady_clock::time_point returned = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<ms>(returned - called).count();
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  // The GPU is idle on entry (exercise.h): the one moment before case 4 when nothing is queued.
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  // Now the article's order, with nothing in between: case 4's work is still queued when case
  // 5's clock starts, and case 5's synchronize waits for it.
  parts.case_4_ms = time_launch_only(case_4_work, stream);
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  using clock = std::chrono::steady_clock;
  const std::size_t launches = static_cast<std::size_t>(std::max(count, 0));
  // All storage exists before the first launch; only clock reads surround each call.
  std::vector<clock::time_point> before(launches);
  std::vector<clock::time_point> after(launches);
  for (std::size_t i = 0; i < launches; ++i) {
    before[i] = clock::now();
    work(stream);
    after[i] = clock::now();
  }
  std::vector<double> us(launches);
  for (std::size_t i = 0; i < launches; ++i) {
    us[i] = std::chrono::duration<double, std::micro>(after[i] - before[i]).count();
  }
  return us;
}

int find_crossover(const std::vector<size_timing>& table) {
  // Smallest n of the last unbroken run of GPU wins that reaches the largest size.
  int run_start = -1;
  for (const size_timing& row : table) {
    if (row.gpu_ms < row.cpu_ms) {
      if (run_start < 0) {
        run_start = row.n;
      }
    } else {
      run_start = -1; // a loss ends any run of wins before it
    }
  }
  return run_start;
}
