// SPDX-License-Identifier: MIT
#include "judgement/benchmark_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

constexpr double median_margin = 0.05; // as the median check's own tolerance (TOLERANCES.md)

bool near(double value, double target, double fraction) {
  return std::abs(value - target) <= fraction * target;
}

} // namespace

median_clue clue_for_median(const benchmark_call& call) {
  const runs_truth& truth = call.truth;
  const double reported = call.median_ms;
  if (!std::isfinite(reported) || reported <= 0 || truth.median_ms <= 0)
    return median_clue::none;
  const double apart_ms = truth.mean_ms - truth.median_ms;
  if (apart_ms > median_margin * truth.median_ms &&
      reported > truth.median_ms * (1 + median_margin))
    return median_clue::mean_of_runs;
  // Samples of cold runs read their planned length closely (paced work), a busy GPU seldom
  // lengthens a median by exactly the cold factor: 1.5% tells them from the rest.
  if (truth.cold_runs > 0 && truth.cold_ms > 0 && near(reported, truth.cold_ms, 0.015))
    return median_clue::cold_runs;
  // Short work read 1-40 us long is what one timing adds to one run (a launch, two events).
  const double excess_ms = reported - truth.median_ms;
  if (truth.median_ms < 0.1 && excess_ms >= 0.001 && excess_ms <= 0.040)
    return median_clue::timing_cost;
  const double ratio = reported / truth.median_ms;
  if (ratio >= 1.9 && near(ratio, std::round(ratio), 0.03))
    return median_clue::several_runs;
  return median_clue::none;
}

noise_bounds allowed_noise(double truth) {
  return {std::max(0.0, truth / 2.5 - 0.005), 2.5 * truth + 0.03};
}

noise_verdict judge_noise_call(const benchmark_call& call) {
  if (!std::isfinite(call.noise) || call.noise < 0 || !std::isfinite(call.median_ms) ||
      call.median_ms <= 0)
    return noise_verdict::not_a_number;
  const runs_truth& truth = call.truth;
  const double margin_ms = median_margin * truth.median_ms;
  if (call.median_ms < truth.lower_quartile_ms - margin_ms ||
      call.median_ms > truth.upper_quartile_ms + margin_ms)
    return noise_verdict::median_outside;
  const noise_bounds bounds = allowed_noise(truth.spread);
  if (call.noise < bounds.low)
    return noise_verdict::too_low;
  if (call.noise > bounds.high)
    return noise_verdict::too_high;
  return noise_verdict::accurate;
}

bool noise_could_cause(noise_verdict verdict, const benchmark_call& call) {
  const bool median_long =
      call.median_ms > call.truth.upper_quartile_ms + median_margin * call.truth.median_ms;
  switch (verdict) {
  case noise_verdict::accurate:
  case noise_verdict::too_high:
  case noise_verdict::too_low: // samples of one length not the runs' (benchmark_judgement.hpp)
    return true;
  case noise_verdict::median_outside:
    return median_long;
  case noise_verdict::not_a_number:
    return false;
  }
  return false;
}

noise_judgement judge_noise_calls(const std::vector<benchmark_call>& calls, int allowed_misses) {
  noise_judgement judgement;
  if (calls.empty())
    return judgement;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const noise_verdict verdict = judge_noise_call(calls[i]);
    if (verdict == noise_verdict::accurate) {
      ++judgement.hits;
    } else if (judgement.shown < 0) {
      judgement.shown = static_cast<int>(i);
      judgement.verdict = verdict;
    }
  }
  const int misses = static_cast<int>(calls.size()) - judgement.hits;
  judgement.passed = misses <= allowed_misses;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].samples < fewest_samples || calls[i].samples > calls[i].runs) {
      judgement.too_few_samples = static_cast<int>(i);
      judgement.passed = false;
      judgement.noise_could_explain = false;
      return judgement; // a count, not a time: no busy GPU changes it
    }
  }
  judgement.noise_could_explain =
      std::all_of(calls.begin(), calls.end(), [](const benchmark_call& call) {
        return noise_could_cause(judge_noise_call(call), call);
      });
  const auto [lowest, highest] = std::minmax_element(
      calls.begin(), calls.end(),
      [](const benchmark_call& a, const benchmark_call& b) { return a.noise < b.noise; });
  judgement.same_every_call = !judgement.passed && calls.size() >= 3 &&
                              std::isfinite(lowest->noise) && highest->noise == lowest->noise;
  if (judgement.same_every_call)
    judgement.noise_could_explain = false;
  // A percentage where a fraction is asked: the wrong figures are too high with their medians
  // right, and divided by 100 are right. Only a call whose runs varied (allowed_noise's low bound
  // above 0, a spread of 1.25% or more) tells: there any small figure divided by 100 is "right".
  // Not a figure judged with a median off. As many calls as a right run may miss may be wrong
  // otherwise (a right student's figure just under the runs' spread, times 100, is too high and,
  // divided again, still just under); in more, something else is wrong, and no slip is named.
  int as_fraction = 0;
  int otherwise_wrong = 0;
  for (const benchmark_call& call : calls) {
    const noise_verdict verdict = judge_noise_call(call);
    if (verdict == noise_verdict::accurate)
      continue;
    const noise_bounds bounds = allowed_noise(call.truth.spread);
    const double fraction = call.noise / 100;
    const bool right_as_fraction =
        verdict == noise_verdict::too_high && fraction >= bounds.low && fraction <= bounds.high;
    if (right_as_fraction && bounds.low > 0)
      ++as_fraction;
    else if (!right_as_fraction)
      ++otherwise_wrong;
  }
  const bool in_percent = !judgement.passed && as_fraction > 0 && otherwise_wrong <= allowed_misses;
  if (in_percent && !judgement.same_every_call) {
    judgement.slip = "percent-for-fraction";
    judgement.noise_could_explain = false;
    return judgement;
  }
  if (!judgement.passed && swapped_in_every_wrong_call(calls)) {
    judgement.slip = "swapped";
    judgement.noise_could_explain = false;
  }
  return judgement;
}

bool median_and_noise_swapped(const benchmark_call& call) {
  const runs_truth& truth = call.truth;
  const noise_bounds bounds = allowed_noise(truth.spread);
  if (truth.median_ms <= bounds.high)
    return false; // the median could itself be a noise figure: a swap would not show
  const double margin_ms = median_margin * truth.median_ms;
  const bool noise_is_the_median = call.noise >= truth.lower_quartile_ms - margin_ms &&
                                   call.noise <= truth.upper_quartile_ms + margin_ms;
  // Below the median, where no figure of time sits: a noise figure of samples with outliers can
  // lie far above the runs' spread (3.6 for runs of 2.6 ms), so allowed_noise is not asked of it.
  const bool median_is_a_noise =
      call.median_ms >= 0 && call.median_ms < truth.lower_quartile_ms - margin_ms;
  return noise_is_the_median && median_is_a_noise;
}

bool swapped_in_every_wrong_call(const std::vector<benchmark_call>& calls) {
  int swapped = 0;
  for (const benchmark_call& call : calls) {
    if (judge_noise_call(call) == noise_verdict::accurate)
      continue;
    if (!median_and_noise_swapped(call))
      return false;
    ++swapped;
  }
  return swapped > 0;
}

} // namespace gpucheck
