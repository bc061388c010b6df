// SPDX-License-Identifier: MIT
// expect first_gemm_in_processes slip swapped
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  std::vector<double> t;
  for (int call = 0; call < most_warm_up_calls; ++call) {
    t.push_back(gpucourse::time_call(work, stream));
    if (t.size() < 2) {
      continue;
    }
    const double a = t[t.size() - 2];
    const double b = t[t.size() - 1];
    if (std::fabs(a - b) <= stable_within * std::min(a, b)) {
      t.erase(t.end() - 2, t.end()); // both already steady
      break;
    }
  }
  timing.warm_up_ms = t;

  std::vector<double> steady(static_cast<std::size_t>(std::max(repetitions, 0)));
  for (double& ms : steady) {
    ms = gpucourse::time_call(work, stream);
  }
  if (!steady.empty()) {
    std::sort(steady.begin(), steady.end());
    timing.steady_ms = steady[steady.size() / 2];
  }
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double extra = 0.0;
  for (double call_ms : timing.warm_up_ms) {
    extra += call_ms - timing.steady_ms; // what this call paid beyond a steady one
  }
  return extra;
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  const std::size_t count = sizes.size();
  std::vector<std::vector<double>> times(count);
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::random_device seed;
  std::default_random_engine rng(seed());
  for (int round = 0; round < processes; ++round) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t which = order[k];
      times[which].push_back(first_gemm(sizes[which]));
    }
  }

  std::vector<first_gemm_spread> result;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<double> sorted = times[i];
    std::sort(sorted.begin(), sorted.end());
    double median = 0.0;
    double spread = 0.0;
    if (!sorted.empty()) {
      const std::size_t m = sorted.size() / 2;
      median = (sorted.size() % 2 != 0) ? sorted[m] : 0.5 * (sorted[m - 1] + sorted[m]);
      spread = sorted.back() - sorted.front();
    }
    result.push_back(first_gemm_spread{sizes[i], times[i], spread, median});
  }
  return result;
}
