// SPDX-License-Identifier: MIT
// expect pass
// Lesson 02: warm-up detected by comparing each call with the one before it, the steady time as a
// median found with nth_element, the warm-up's cost, and shuffled rounds of fresh processes.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh" // gpucourse::time_call(work, stream): one call, timed until the GPU is done

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace {

// The median of `values` (of an even count: the mean of the two middle ones); 0 when empty.
double median_of(std::vector<double> values) {
  if (values.empty()) {
    return 0.0;
  }
  const std::size_t half = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + half, values.end());
  const double upper = values[half];
  if (values.size() % 2 == 1) {
    return upper;
  }
  const double lower = *std::max_element(values.begin(), values.begin() + half);
  return (lower + upper) / 2.0;
}

} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing timing;
  double previous = -1.0; // no call yet
  bool settled = false;
  for (int call = 0; call < most_warm_up_calls; ++call) {
    const double current = gpucourse::time_call(work, stream);
    if (previous >= 0.0 &&
        std::fabs(current - previous) <= stable_within * std::min(current, previous)) {
      settled = true; // `previous` and `current` are the first two steady calls
      break;
    }
    if (previous >= 0.0) {
      timing.warm_up_ms.push_back(previous); // the one before was not steady after all
    }
    previous = current;
  }
  if (!settled && previous >= 0.0) {
    timing.warm_up_ms.push_back(previous); // never settled: every call was warm-up
  }

  std::vector<double> steady(static_cast<std::size_t>(std::max(repetitions, 0)));
  for (double& ms : steady) {
    ms = gpucourse::time_call(work, stream);
  }
  timing.steady_ms = median_of(steady);
  return timing;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  const double warm_up_total =
      std::accumulate(timing.warm_up_ms.begin(), timing.warm_up_ms.end(), 0.0);
  // as many steady calls would have taken this much
  const double steady_total = static_cast<double>(timing.warm_up_ms.size()) * timing.steady_ms;
  return warm_up_total - steady_total;
}

std::vector<first_gemm_spread>
first_gemm_in_processes(const std::vector<int>& sizes, int processes,
                        const first_gemm_in_new_process& first_gemm) {
  std::vector<first_gemm_spread> entries;
  entries.reserve(sizes.size());
  for (const int n : sizes) {
    first_gemm_spread entry;
    entry.n = n;
    entries.push_back(entry);
  }
  std::vector<std::size_t> places(sizes.size());
  std::iota(places.begin(), places.end(), std::size_t{0});
  std::default_random_engine engine(static_cast<unsigned>(
      std::chrono::steady_clock::now().time_since_epoch().count()));
  for (int round = 0; round < processes; ++round) {
    std::shuffle(places.begin(), places.end(), engine);
    for (const std::size_t place : places) {
      const double ms = first_gemm(sizes[place]); // one process at a time
      entries[place].first_ms.push_back(ms);
    }
  }
  for (first_gemm_spread& entry : entries) {
    if (entry.first_ms.empty()) {
      continue;
    }
    const auto [shortest, longest] =
        std::minmax_element(entry.first_ms.begin(), entry.first_ms.end());
    entry.spread_ms = *longest - *shortest;
    entry.median_ms = median_of(entry.first_ms);
  }
  return entries;
}
