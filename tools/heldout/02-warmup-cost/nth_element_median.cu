// SPDX-License-Identifier: MIT
// expect pass
// Lesson 02: warm up until two calls in a row agree, the cost of that warm-up, and each size's
// first GEMM over shuffled rounds of fresh processes.
#include "cuda_check.cuh"
#include "exercise.h"
#include "time_call.cuh"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

namespace {

bool within_tolerance(double previous_ms, double latest_ms) {
  const double shorter = std::min(previous_ms, latest_ms);
  const double longer = std::max(previous_ms, latest_ms);
  return longer - shorter <= stable_within * shorter;
}

// The middle element of an odd count; the mean of the two middle ones of an even count.
double median_of(std::vector<double> values) {
  const std::size_t n = values.size();
  if (n == 0) {
    return 0.0;
  }
  const auto upper = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(values.begin(), upper, values.end());
  if (n % 2 == 1) {
    return *upper;
  }
  const double lower = *std::max_element(values.begin(), upper);
  return (lower + *upper) / 2.0;
}

} // namespace

warm_up_timing warm_up_until_stable(const gpu_work& work, cudaStream_t stream, int repetitions) {
  warm_up_timing result;
  std::vector<double> calls;
  calls.reserve(most_warm_up_calls);
  bool settled = false;
  while (!settled && static_cast<int>(calls.size()) < most_warm_up_calls) {
    calls.push_back(gpucourse::time_call(work, stream));
    if (calls.size() >= 2) {
      settled = within_tolerance(calls[calls.size() - 2], calls.back());
    }
  }
  if (settled) {
    calls.pop_back(); // the two that agreed are the first steady calls
    calls.pop_back();
  }
  result.warm_up_ms = std::move(calls);

  std::vector<double> steady;
  for (int r = 0; r < repetitions; ++r) {
    steady.push_back(gpucourse::time_call(work, stream));
  }
  if (!steady.empty()) {
    // the reference point is the middle call of the sorted steady ones
    const auto middle = steady.begin() + static_cast<std::ptrdiff_t>(steady.size() / 2);
    std::nth_element(steady.begin(), middle, steady.end());
    result.steady_ms = *middle;
  }
  return result;
}

double warm_up_cost_ms(const warm_up_timing& timing) {
  double total_ms = 0.0;
  for (const double ms : timing.warm_up_ms) {
    total_ms += ms;
  }
  return total_ms - static_cast<double>(timing.warm_up_ms.size()) * timing.steady_ms;
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
  std::vector<std::size_t> places;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    places.push_back(i);
  }
  std::mt19937_64 engine(
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  for (int round = 1; round <= processes; ++round) {
    std::shuffle(places.begin(), places.end(), engine); // a new order for every round
    for (const std::size_t place : places) {
      entries[place].first_ms.push_back(first_gemm(sizes[place]));
    }
  }
  for (first_gemm_spread& entry : entries) {
    if (entry.first_ms.empty()) {
      continue;
    }
    const auto [lowest, highest] = std::minmax_element(entry.first_ms.begin(), entry.first_ms.end());
    entry.spread_ms = *highest - *lowest;
    entry.median_ms = median_of(entry.first_ms);
  }
  return entries;
}
