// SPDX-License-Identifier: MIT
// Wrong: first_gemm_in_processes shuffles the sizes once, before the rounds, and runs every round
// in that one order: the order is random, but a size's place in the round still goes with the
// size, which is what shuffling was for. Everything else is right (warm-up and cost as the
// reference's; entries in the order of sizes, times in call order, median and spread). Expected:
// 77 without a GPU, fail with one, alone and under load (an order of calls, which no busy GPU
// changes).
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace {

bool agree(double a_ms, double b_ms) {
  return std::abs(a_ms - b_ms) <= stable_within * std::min(a_ms, b_ms);
}

double median_of(std::vector<double> times_ms) {
  if (times_ms.empty()) {
    return 0.0;
  }
  std::sort(times_ms.begin(), times_ms.end());
  const std::size_t middle = times_ms.size() / 2;
  return times_ms.size() % 2 == 1 ? times_ms[middle]
                                  : (times_ms[middle - 1] + times_ms[middle]) / 2;
}

} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  std::vector<double> times_ms;
  while (static_cast<int>(times_ms.size()) < most_warm_up_calls) {
    times_ms.push_back(gpucourse::time_call(work, stream));
    const std::size_t count = times_ms.size();
    if (count >= 2 && agree(times_ms[count - 2], times_ms[count - 1])) {
      times_ms.resize(count - 2);
      break;
    }
  }
  timing.warm_up_ms = times_ms;
  std::vector<double> steady_ms;
  for (int i = 0; i < repetitions; ++i) {
    steady_ms.push_back(gpucourse::time_call(work, stream));
  }
  timing.steady_ms = median_of(steady_ms);
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double cost_ms = 0;
  for (const double call_ms : timing.warm_up_ms) {
    cost_ms += call_ms - timing.steady_ms;
  }
  return cost_ms;
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> spreads(sizes.size());
  std::vector<std::size_t> order(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    spreads[i].n = sizes[i];
    order[i] = i;
  }
  std::mt19937 generator{std::random_device{}()};
  std::shuffle(order.begin(), order.end(), generator); // once: every round in this order
  for (int round = 0; round < processes; ++round) {
    for (const std::size_t i : order) {
      spreads[i].first_ms.push_back(first_gemm(sizes[i]));
    }
  }
  for (first_gemm_spread& spread : spreads) {
    if (spread.first_ms.empty()) {
      continue;
    }
    const auto [shortest, longest] =
        std::minmax_element(spread.first_ms.begin(), spread.first_ms.end());
    spread.median_ms = median_of(spread.first_ms);
    spread.spread_ms = *longest - *shortest;
  }
  return spreads;
}
