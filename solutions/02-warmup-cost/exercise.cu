// SPDX-License-Identifier: MIT
// Lesson 02, reference solution: warm up until two calls in a row agree, keep the calls before
// them as the warm-up, then take the median of `repetitions` steady calls; and each size's first
// GEMM in fresh processes, round after round, each round in a new order.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call(work, stream): one call, timed until the GPU is done

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace {

// The exercise's rule: two times agree when they differ by at most stable_within of the shorter.
bool agree(double a_ms, double b_ms) {
  return std::abs(a_ms - b_ms) <= stable_within * std::min(a_ms, b_ms);
}

} // namespace

// ANCHOR: measure
warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  // Every call is timed on its own; the latest two decide whether the steady state has begun.
  std::vector<double> times_ms;
  while (static_cast<int>(times_ms.size()) < most_warm_up_calls) {
    times_ms.push_back(gpucourse::time_call(work, stream));
    const std::size_t count = times_ms.size();
    if (count >= 2 && agree(times_ms[count - 2], times_ms[count - 1])) {
      times_ms.resize(count - 2); // those two are steady already: not warm-up
      break;
    }
  }
  timing.warm_up_ms = times_ms;

  // The steady state: the median of `repetitions` calls, so that one slow call does not move it.
  std::vector<double> steady_ms;
  for (int i = 0; i < repetitions; ++i) {
    steady_ms.push_back(gpucourse::time_call(work, stream));
  }
  if (!steady_ms.empty()) {
    std::sort(steady_ms.begin(), steady_ms.end());
    timing.steady_ms = steady_ms[steady_ms.size() / 2];
  }
  return timing;
}
// ANCHOR_END: measure

// ANCHOR: cost
double warm_up_cost_ms(const warm_up_timing& timing) {
  // Each warm-up call did a steady call's work; what it took beyond that is the warm-up's cost.
  double cost_ms = 0;
  for (const double call_ms : timing.warm_up_ms) {
    cost_ms += call_ms - timing.steady_ms;
  }
  return cost_ms;
}
// ANCHOR_END: cost

// ANCHOR: processes
std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    spreads[i].n = sizes[i];
  }
  // Each round takes the sizes (their places in `sizes`) in a new order: a slow place in the
  // round, or a size that leaves the next process slow, lands on every size by chance alike.
  std::vector<std::size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937 generator{std::random_device{}()};
  for (int round = 0; round < processes; ++round) {
    std::shuffle(order.begin(), order.end(), generator);
    for (const std::size_t i : order) {
      spreads[i].first_ms.push_back(first_gemm(sizes[i]));
    }
  }
  for (first_gemm_spread& spread : spreads) {
    std::vector<double> sorted = spread.first_ms;
    if (sorted.empty()) {
      continue;
    }
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    spread.median_ms =
        sorted.size() % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    spread.spread_ms = sorted.back() - sorted.front();
  }
  return spreads;
}
// ANCHOR_END: processes
