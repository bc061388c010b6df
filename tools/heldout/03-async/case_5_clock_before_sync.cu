// SPDX-License-Identifier: MIT
// expect reproduce_case_5 unsynced-stop @41
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <chrono>
#include <ctime>

namespace {
double now_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}
} // namespace

double time_on_cpu(const cpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(); // returns when the product is computed
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

double time_launch_only(const gpu_work& work, cudaStream_t stream) {
  const double t0 = now_ms();
  work(stream); // queued, not done
  const double t1 = now_ms();
  return t1 - t0;
}

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  parts.case_4_ms = time_launch_only(case_4_work, stream);

  // case 5: launch + cudaDeviceSynchronize
  const double t0 = now_ms();
  case_5_work(stream);
  const double t1 = now_ms();
  CUDA_CHECK(cudaDeviceSynchronize());
  parts.case_5_ms = t1 - t0;

  // everything has finished now, so this one is case 5's work alone
  parts.alone_ms = gpucourse::time_call(case_5_work, stream);
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

std::vector<double> launch_burst(const gpu_work& work, int count, cudaStream_t stream) {
  std::vector<double> result;
  result.resize(count > 0 ? static_cast<std::size_t>(count) : 0);
  for (double& slot : result) {
    const double t0 = now_ms();
    work(stream);
    const double t1 = now_ms();
    slot = (t1 - t0) * 1000.0; // us
  }
  return result;
}

int find_crossover(const std::vector<size_timing>& table) {
  if (table.empty() || !(table.back().gpu_ms < table.back().cpu_ms)) {
    return -1;
  }
  std::size_t first = table.size() - 1;
  while (first > 0 && table[first - 1].gpu_ms < table[first - 1].cpu_ms) {
    --first;
  }
  return table[first].n;
}
