// SPDX-License-Identifier: MIT
/// @file warm_up_series.hpp
/// @brief Ground truth for "warm up until stable": a planned series of calls whose first few are
/// slow, the rule that finds where the steady state begins, and whether the host disturbed the
/// calls that decided it (lesson 02's check). Plain C++: no GPU needed to test it.
#pragma once

#include <string>
#include <vector>

namespace gpucheck {

/// The planned durations of one series of calls of the same work: a warm-up whose calls get
/// shorter by clear steps (each at least `step` times the next, the last at least `step` times the
/// steady time), then a steady state whose calls lie within a percent or two of `steady_ms`, except
/// one odd call three times as long, which a median ignores and a mean does not.
struct warm_up_plan {
  std::vector<double> warm_up_ms; ///< [ms] each warm-up call, the first (cold) one first
  double steady_ms = 0;           ///< [ms] the steady duration
  std::vector<double> factors;    ///< steady call s lasts factors[s] * steady_ms (s from 0)
  int odd_call = -1;              ///< the steady call (s) that lasts 3 * steady_ms

  /// The planned duration of call `call` (0 = the first call of the series) [ms]. Calls beyond
  /// the plan are steady.
  double duration_ms(int call) const;
};

/// How much the durations of a plan may vary: the steps of the warm-up and the jitter of the
/// steady state, chosen so that the steady-state rule (steady_start) finds exactly the planned
/// warm-up with any `stable_within` from 5 % to 40 %.
struct warm_up_plan_limits {
  int fewest_warm_up_calls = 2; ///< so that "the first call is the warm-up" never passes
  int most_warm_up_calls = 5;
  double shortest_steady_ms = 1.5; ///< long enough that a host clock's overhead is < 2 %
  double longest_steady_ms = 3.0;
  double shortest_cold_ms = 10.0; ///< the first call, before the step rule lengthens it
  double longest_cold_ms = 30.0;
  double step = 1.5;     ///< each warm-up call is at least this many times the next one
  double jitter = 0.015; ///< steady calls last (1 +- jitter) * steady_ms
};

/// Draws a plan (random_draw.hpp) for a series whose median is taken over `repetitions` calls
/// (at least 3) after the warm-up and two calls that agree. The odd call lies among those
/// `repetitions` calls, and not among the first three steady calls.
warm_up_plan draw_warm_up_plan(int repetitions, const warm_up_plan_limits& limits = {});

/// Whether two times agree under the exercise's rule: they differ by at most `stable_within`
/// (a fraction: 0.1 is 10 %) of the shorter one.
bool times_agree(double a_ms, double b_ms, double stable_within);

/// Where the steady state begins in `times_ms`: the index of the first of the first two
/// consecutive calls that agree (times_agree). It is also the number of warm-up calls before it.
/// -1 when no two consecutive calls agree.
int steady_start(const std::vector<double>& times_ms, double stable_within);

/// Whether the host delayed any of calls `first` to `last` (inclusive) enough to change which
/// calls agree: a call is disturbed when the host saw it take longer than its true duration by
/// more than `allowed_fraction` of it (host_ms[i]: from the call to the next one, on the
/// checker's clock; true_ms[i]: the GPU's own clock). Calls outside both vectors are left out.
bool host_disturbed(const std::vector<double>& host_ms, const std::vector<double>& true_ms,
                    int first, int last, double allowed_fraction);

/// The share (0 to 1) of calls `first` to `last` (inclusive) that the host delayed as
/// host_disturbed() counts one; 0 when none of them is known.
double disturbed_share(const std::vector<double>& host_ms, const std::vector<double>& true_ms,
                       int first, int last, double allowed_fraction);

/// The times of the first `count` calls, "24.1, 9.30, 5.20 ms", for messages.
std::string list_times_ms(const std::vector<double>& times_ms, int count);

} // namespace gpucheck
