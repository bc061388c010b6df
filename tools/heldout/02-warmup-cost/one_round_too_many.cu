// SPDX-License-Identifier: MIT
// expect first_gemm_in_processes slip one-run-more
// Lesson 02 - what warming up costs.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <random>
#include <vector>

namespace {
bool calls_agree(double x, double y) {
  const double lo = x < y ? x : y;
  const double diff = x > y ? x - y : y - x;
  return diff <= stable_within * lo;
}
} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing out;
  double previous = gpucourse::time_call(work, stream);
  int calls = 1;
  bool agreed = false;
  while (calls < most_warm_up_calls) {
    const double latest = gpucourse::time_call(work, stream);
    ++calls;
    if (calls_agree(previous, latest)) {
      agreed = true; // previous and latest are the first two steady calls
      break;
    }
    out.warm_up_ms.push_back(previous);
    previous = latest;
  }
  if (!agreed) {
    out.warm_up_ms.push_back(previous); // never settled: every call was warm-up
  }

  std::vector<double> steady;
  steady.reserve(static_cast<std::size_t>(repetitions > 0 ? repetitions : 0));
  for (int i = 0; i < repetitions; ++i) {
    steady.push_back(gpucourse::time_call(work, stream));
  }
  std::sort(steady.begin(), steady.end());
  if (!steady.empty()) {
    out.steady_ms = steady[steady.size() / 2];
  }
  return out;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double sum = 0.0;
  for (std::size_t i = 0; i < timing.warm_up_ms.size(); ++i) {
    sum += timing.warm_up_ms[i];
  }
  return sum - timing.steady_ms * static_cast<double>(timing.warm_up_ms.size());
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads(sizes.size());
  std::vector<int> idx(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    spreads[i].n = sizes[i];
    idx[i] = static_cast<int>(i);
  }
  std::mt19937 gen(std::random_device{}());
  for (int r = 0; r <= processes; ++r) {
    std::shuffle(idx.begin(), idx.end(), gen);
    for (int i : idx) {
      spreads[static_cast<std::size_t>(i)].first_ms.push_back(first_gemm(sizes[static_cast<std::size_t>(i)]));
    }
  }
  for (auto& s : spreads) {
    if (s.first_ms.empty()) {
      continue;
    }
    std::vector<double> v(s.first_ms);
    std::sort(v.begin(), v.end());
    const std::size_t h = v.size() / 2;
    s.median_ms = v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2.0;
    s.spread_ms = v.back() - v.front();
  }
  return spreads;
}
