// SPDX-License-Identifier: MIT
#include "judgement/warm_up_series.hpp"

#include "checkapi/random_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpucheck {

double warm_up_plan::duration_ms(int call) const {
  const int warm_up_calls = static_cast<int>(warm_up_ms.size());
  if (call < warm_up_calls) {
    return warm_up_ms[call];
  }
  const int steady_call = call - warm_up_calls;
  return steady_call < static_cast<int>(factors.size()) ? factors[steady_call] * steady_ms
                                                        : steady_ms;
}

warm_up_plan draw_warm_up_plan(int repetitions, const warm_up_plan_limits& limits) {
  repetitions = std::max(repetitions, 3);
  warm_up_plan plan;
  const int warm_up_calls = std::min(
      limits.most_warm_up_calls, static_cast<int>(random_between(limits.fewest_warm_up_calls,
                                                                 limits.most_warm_up_calls + 1.0)));
  plan.steady_ms = random_between(limits.shortest_steady_ms, limits.longest_steady_ms);
  // From the last warm-up call back to the first: each one step (or a little more) longer.
  plan.warm_up_ms.assign(warm_up_calls, 0.0);
  double next_ms = plan.steady_ms * random_between(1.2, 1.5); // the last step is the widest
  for (int call = warm_up_calls - 1; call >= 0; --call) {
    plan.warm_up_ms[call] = next_ms * random_between(limits.step, 1.1 * limits.step);
    next_ms = plan.warm_up_ms[call];
  }
  plan.warm_up_ms[0] =
      std::max(plan.warm_up_ms[0], random_between(limits.shortest_cold_ms, limits.longest_cold_ms));
  // The steady calls: the two that show the steady state, then the `repetitions` of the median.
  for (int s = 0; s < repetitions + 2; ++s) {
    plan.factors.push_back(random_between(1.0 - limits.jitter, 1.0 + limits.jitter));
  }
  plan.odd_call = std::min(repetitions + 1, 2 + static_cast<int>(random_between(1.0, repetitions)));
  plan.factors[plan.odd_call] = 3.0;
  return plan;
}

bool times_agree(double a_ms, double b_ms, double stable_within) {
  return std::abs(a_ms - b_ms) <= stable_within * std::min(a_ms, b_ms);
}

int steady_start(const std::vector<double>& times_ms, double stable_within) {
  for (std::size_t i = 1; i < times_ms.size(); ++i) {
    if (times_agree(times_ms[i - 1], times_ms[i], stable_within)) {
      return static_cast<int>(i - 1);
    }
  }
  return -1;
}

bool host_disturbed(const std::vector<double>& host_ms, const std::vector<double>& true_ms,
                    int first, int last, double allowed_fraction) {
  const int known = static_cast<int>(std::min(host_ms.size(), true_ms.size()));
  for (int call = std::max(first, 0); call <= last && call < known; ++call) {
    if (host_ms[call] - true_ms[call] > allowed_fraction * true_ms[call]) {
      return true;
    }
  }
  return false;
}

double disturbed_share(const std::vector<double>& host_ms, const std::vector<double>& true_ms,
                       int first, int last, double allowed_fraction) {
  const int known = static_cast<int>(std::min(host_ms.size(), true_ms.size()));
  int calls = 0;
  int disturbed = 0;
  for (int call = std::max(first, 0); call <= last && call < known; ++call) {
    ++calls;
    if (host_ms[call] - true_ms[call] > allowed_fraction * true_ms[call])
      ++disturbed;
  }
  return calls == 0 ? 0.0 : static_cast<double>(disturbed) / calls;
}

std::string list_times_ms(const std::vector<double>& times_ms, int count) {
  std::string text;
  const int shown = std::min(count, static_cast<int>(times_ms.size()));
  for (int i = 0; i < shown; ++i) {
    char number[32];
    std::snprintf(number, sizeof number, times_ms[i] < 10 ? "%.2f" : "%.1f", times_ms[i]);
    text += (i > 0 ? ", " : "") + std::string(number);
  }
  return text + " ms";
}

} // namespace gpucheck
