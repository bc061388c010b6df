// SPDX-License-Identifier: MIT
// expect warm_up_cost_ms returned-value @49
// Lesson 02: warm up until two calls in a row agree, the steady time as a median, the warm-up's
// cost, and each size's first GEMM over several fresh processes in shuffled rounds.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call(work, stream): one call, timed until the GPU is done

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  std::vector<double> calls;
  while (static_cast<int>(calls.size()) < most_warm_up_calls) {
    calls.push_back(gpucourse::time_call(work, stream));
    const std::size_t n = calls.size();
    if (n >= 2) {
      const double a = calls[n - 2];
      const double b = calls[n - 1];
      if (std::abs(a - b) <= stable_within * std::min(a, b)) {
        calls.pop_back(); // these two are the first steady calls
        calls.pop_back();
        break;
      }
    }
  }
  timing.warm_up_ms = calls;

  std::vector<double> steady;
  for (int i = 0; i < repetitions; ++i) {
    steady.push_back(gpucourse::time_call(work, stream));
  }
  if (!steady.empty()) {
    std::sort(steady.begin(), steady.end());
    timing.steady_ms = steady[steady.size() / 2];
  }
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double total = 0.0;
  for (double ms : timing.warm_up_ms) {
    total += ms;
  }
  // the warm-up took this long; a steady call would have taken steady_ms
  return total - timing.steady_ms;
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<std::vector<double>> times(sizes.size());
  std::vector<std::size_t> order(sizes.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
  }
  std::random_device seed;
  std::mt19937 rng(seed());
  for (int round = 0; round < processes; ++round) {
    std::shuffle(order.begin(), order.end(), rng); // a new order every round
    for (std::size_t i : order) {
      times[i].push_back(first_gemm(sizes[i]));
    }
  }

  std::vector<first_gemm_spread> result;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    first_gemm_spread entry;
    entry.n = sizes[i];
    entry.first_ms = times[i];
    std::vector<double> sorted = times[i];
    std::sort(sorted.begin(), sorted.end());
    if (!sorted.empty()) {
      const std::size_t mid = sorted.size() / 2;
      if (sorted.size() % 2 == 0) {
        entry.median_ms = 0.5 * (sorted[mid - 1] + sorted[mid]);
      } else {
        entry.median_ms = sorted[mid];
      }
      entry.spread_ms = sorted.back() - sorted.front();
    }
    result.push_back(entry);
  }
  return result;
}
