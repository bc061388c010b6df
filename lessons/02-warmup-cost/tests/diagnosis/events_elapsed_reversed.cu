// SPDX-License-Identifier: MIT
// expect warm_up_until_stable event-order swapped @26
// Lesson 02: warm-up until stable, its cost, and first GEMMs over fresh processes.
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace {

// One call of `work`, from its start until the GPU has finished it, on the GPU's own clock.
double gpu_time_ms(const gpu_work& work, cudaStream_t stream) {
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, stop, start));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return static_cast<double>(ms);
}

} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  std::vector<double> history;
  for (int i = 0; i < most_warm_up_calls; ++i) {
    history.push_back(gpu_time_ms(work, stream));
    const std::size_t n = history.size();
    if (n >= 2 && std::fabs(history[n - 1] - history[n - 2]) <=
                      stable_within * std::min(history[n - 1], history[n - 2])) {
      history.pop_back();
      history.pop_back();
      break;
    }
  }
  timing.warm_up_ms = history;

  std::vector<double> steady;
  for (int i = 0; i < repetitions; ++i) {
    steady.push_back(gpu_time_ms(work, stream));
  }
  if (!steady.empty()) {
    std::sort(steady.begin(), steady.end());
    timing.steady_ms = steady[steady.size() / 2];
  }
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  const double warm_up_total =
      std::accumulate(timing.warm_up_ms.begin(), timing.warm_up_ms.end(), 0.0);
  return warm_up_total - timing.steady_ms * static_cast<double>(timing.warm_up_ms.size());
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads(sizes.size());
  std::vector<std::size_t> slots(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    spreads[i].n = sizes[i];
    slots[i] = i;
  }
  std::mt19937 rng{std::random_device{}()};
  for (int round = 0; round < processes; ++round) {
    std::shuffle(slots.begin(), slots.end(), rng);
    for (const std::size_t slot : slots) {
      spreads[slot].first_ms.push_back(first_gemm(sizes[slot]));
    }
  }
  for (first_gemm_spread& spread : spreads) {
    std::vector<double> v = spread.first_ms;
    if (v.empty()) {
      continue;
    }
    std::sort(v.begin(), v.end());
    const std::size_t mid = v.size() / 2;
    spread.median_ms = (v.size() % 2 == 1) ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
    spread.spread_ms = v.back() - v.front();
  }
  return spreads;
}
