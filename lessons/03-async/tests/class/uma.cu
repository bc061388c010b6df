// SPDX-License-Identifier: MIT
// Wrong: find_crossover finds the right row (a forward scan that starts a candidate at each GPU
// win and drops it at each loss), but returns its index, not its size. The timings are right.
// Expected: fail on any machine (the made-up tables need no GPU), the index named as the slip.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
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
  const auto before = std::chrono::steady_clock::now();
  work(stream);
  const auto after = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(after - before).count();
}

namespace {
double with_events(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}
} // namespace

case_5_parts reproduce_case_5(const gpu_work& case_4_work, const gpu_work& case_5_work,
                              cudaStream_t stream) {
  case_5_parts parts;
  parts.case_4_ms = time_launch_only(case_4_work, stream);
  parts.case_5_ms = gpucourse::time_call(case_5_work, stream);
  parts.alone_ms = with_events(case_5_work, stream); // nothing else is queued any more
  parts.stale_ms = parts.case_5_ms - parts.alone_ms;
  return parts;
}

int find_crossover(const std::vector<size_timing>& table) {
  int candidate = -1;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].gpu_ms < table[i].cpu_ms) {
      if (candidate == -1) {
        candidate = static_cast<int>(i); // the row where the GPU starts winning: its index
      }
    } else {
      candidate = -1;
    }
  }
  return candidate;
}

// The launch burst as the reference writes it: this submission is not about it.
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
