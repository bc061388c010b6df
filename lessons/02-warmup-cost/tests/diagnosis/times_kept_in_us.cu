// SPDX-License-Identifier: MIT
// expect warm_up_until_stable slip times-1000
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <vector>

namespace {

// One call until the GPU has finished it. Small GEMMs take tens of microseconds, so I keep the
// times in microseconds to have readable numbers.
double time_one_call(const gpu_work& work, cudaStream_t stream) {
  const auto begin = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(end - begin).count();
}

} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  std::vector<double> seen;
  while (static_cast<int>(seen.size()) < most_warm_up_calls) {
    seen.push_back(time_one_call(work, stream));
    const std::size_t k = seen.size();
    if (k >= 2) {
      const double shorter = std::min(seen[k - 2], seen[k - 1]);
      if (std::abs(seen[k - 1] - seen[k - 2]) <= stable_within * shorter) {
        seen.resize(k - 2);
        break;
      }
    }
  }
  timing.warm_up_ms = seen;

  std::vector<double> steady;
  for (int i = 0; i < repetitions; ++i) {
    steady.push_back(time_one_call(work, stream));
  }
  if (!steady.empty()) {
    std::sort(steady.begin(), steady.end());
    timing.steady_ms = steady[steady.size() / 2];
  }
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double cost = 0.0;
  for (const double t : timing.warm_up_ms) {
    cost += t - timing.steady_ms;
  }
  return cost;
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads;
  for (const int n : sizes) {
    first_gemm_spread s;
    s.n = n;
    spreads.push_back(s);
  }
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    order.push_back(i);
  }
  std::random_device device;
  std::mt19937 engine(device());
  for (int round = 0; round < processes; ++round) {
    std::shuffle(order.begin(), order.end(), engine);
    for (const std::size_t i : order) {
      spreads[i].first_ms.push_back(first_gemm(sizes[i]));
    }
  }
  for (first_gemm_spread& s : spreads) {
    std::vector<double> sorted(s.first_ms);
    std::sort(sorted.begin(), sorted.end());
    const std::size_t count = sorted.size();
    if (count == 0) {
      continue;
    }
    if (count % 2 == 1) {
      s.median_ms = sorted[count / 2];
    } else {
      s.median_ms = (sorted[count / 2 - 1] + sorted[count / 2]) / 2.0;
    }
    s.spread_ms = sorted[count - 1] - sorted[0];
  }
  return spreads;
}
