// SPDX-License-Identifier: MIT
// Lesson 02's ground truth for "warm up until stable": every plan the check draws has exactly the
// warm-up it planned under the exercise's rule, and the rule, the disturbance test and the
// messages' lists do what they say.
#include "judgement/warm_up_series.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <vector>

using gpucheck::draw_warm_up_plan;
using gpucheck::host_disturbed;
using gpucheck::steady_start;
using gpucheck::times_agree;

namespace {

std::vector<double> planned_times(const gpucheck::warm_up_plan& plan, int calls) {
  std::vector<double> times_ms;
  for (int call = 0; call < calls; ++call) {
    times_ms.push_back(plan.duration_ms(call));
  }
  return times_ms;
}

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

double mean_of(const std::vector<double>& values) {
  double sum = 0;
  for (const double v : values) {
    sum += v;
  }
  return sum / static_cast<double>(values.size());
}

} // namespace

TEST_CASE("two times agree when they differ by at most the fraction of the shorter") {
  CHECK(times_agree(2.0, 2.19, 0.10));
  CHECK(times_agree(2.19, 2.0, 0.10));
  CHECK_FALSE(times_agree(2.0, 2.21, 0.10));
  CHECK_FALSE(times_agree(1.0, 3.0, 0.10));
}

TEST_CASE("the steady state begins at the first of the first two calls that agree") {
  CHECK(steady_start({25.0, 9.0, 4.0, 2.0, 2.05, 2.0}, 0.10) == 3);
  CHECK(steady_start({2.0, 2.05, 6.0}, 0.10) == 0);
  CHECK(steady_start({25.0, 9.0, 4.0}, 0.10) == -1);
  CHECK(steady_start({}, 0.10) == -1);
  SUBCASE("a disturbed steady call moves the start on") {
    CHECK(steady_start({25.0, 9.0, 2.0, 2.5, 2.0, 2.02}, 0.10) == 4);
  }
}

TEST_CASE("every drawn plan has exactly its planned warm-up, under any rule from 5 % to 40 %") {
  for (int draw = 0; draw < 2000; ++draw) {
    const int repetitions = 3 + draw % 8;
    const gpucheck::warm_up_plan plan = draw_warm_up_plan(repetitions);
    const int warm_up_calls = static_cast<int>(plan.warm_up_ms.size());
    CAPTURE(draw);
    REQUIRE(warm_up_calls >= 2);
    REQUIRE(warm_up_calls <= 5);
    const std::vector<double> times_ms = planned_times(plan, warm_up_calls + 2 + repetitions);
    for (const double stable_within : {0.05, 0.10, 0.20, 0.40}) {
      CHECK(steady_start(times_ms, stable_within) == warm_up_calls);
    }
    // The cold call is the longest, and the steady time is what the warm-up settles to.
    CHECK(plan.warm_up_ms[0] >= 10.0);
    CHECK(plan.warm_up_ms.back() >= 1.5 * 1.2 * plan.steady_ms);
    CHECK(plan.steady_ms >= 1.5);
    CHECK(plan.steady_ms <= 3.0);
  }
}

TEST_CASE("the odd call lies among the median's calls, where a mean sees it and a median not") {
  for (int draw = 0; draw < 2000; ++draw) {
    const int repetitions = 3 + draw % 8;
    const gpucheck::warm_up_plan plan = draw_warm_up_plan(repetitions);
    const int first_median_call = static_cast<int>(plan.warm_up_ms.size()) + 2;
    CAPTURE(draw);
    // Not among the first three steady calls (the two that agree, or three for a stricter rule).
    CHECK(plan.odd_call >= 3);
    CHECK(plan.odd_call <= repetitions + 1);
    std::vector<double> median_calls;
    for (int call = first_median_call; call < first_median_call + repetitions; ++call) {
      median_calls.push_back(plan.duration_ms(call));
    }
    // Any median convention (upper, lower, mean of the middle two) within 5 % of the steady
    // time; the mean at least 18 % above it.
    std::sort(median_calls.begin(), median_calls.end());
    const double lower = median_calls[(median_calls.size() - 1) / 2];
    CHECK(median_of(median_calls) <= 1.05 * plan.steady_ms);
    CHECK(lower >= 0.95 * plan.steady_ms);
    CHECK(mean_of(median_calls) >= 1.18 * plan.steady_ms);
  }
}

TEST_CASE("a call is disturbed when the host saw it take longer than allowed") {
  const std::vector<double> true_ms = {20.0, 2.0, 2.0, 2.0};
  SUBCASE("overheads below the allowance leave it alone") {
    CHECK_FALSE(host_disturbed({20.1, 2.03, 2.02, 2.05}, true_ms, 0, 3, 0.03));
  }
  SUBCASE("one slow call in the range is a disturbance, one outside it is not") {
    CHECK(host_disturbed({20.1, 2.03, 2.4, 2.05}, true_ms, 1, 3, 0.03));
    CHECK_FALSE(host_disturbed({20.1, 2.03, 2.4, 2.05}, true_ms, 3, 3, 0.03));
  }
  SUBCASE("calls the host never saw are left out") {
    CHECK_FALSE(host_disturbed({20.1, 2.03}, true_ms, 0, 9, 0.03));
  }
}

TEST_CASE("times are listed with their unit for messages") {
  CHECK(gpucheck::list_times_ms({24.13, 9.3, 2.104}, 3) == "24.1, 9.30, 2.10 ms");
  CHECK(gpucheck::list_times_ms({24.13, 9.3, 2.104}, 2) == "24.1, 9.30 ms");
}
