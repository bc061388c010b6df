// SPDX-License-Identifier: MIT
#include "judgement/benchmark_outcome.hpp"

#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <cmath>
#include <cstdio>

namespace gpucheck {
namespace {

// The median and the noise figure swapped (benchmark_judgement.hpp): said with the call's numbers.
void name_swap(check_outcome& outcome, const benchmark_call& call) {
  char noise[32];
  std::snprintf(noise, sizeof noise, "%.4g", call.noise);
  outcome.message = say("check.l06.swapped.message", {{"median", format_ms(call.median_ms)},
                                                      {"noise", noise},
                                                      {"truth", format_ms(call.truth.median_ms)}});
  outcome.hint = say("check.l06.swapped.hint");
  outcome.slip = "swapped";
  outcome.says_only_how_far_off = false;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", fraction * 100.0);
  return text;
}

} // namespace

void name_median_clue(check_outcome& outcome, const std::vector<benchmark_trial>& trials) {
  if (outcome.passed || !outcome.says_only_how_far_off)
    return;
  for (const benchmark_trial& trial : trials) {
    if (trial.timing.verdict() == time_verdict::accurate)
      continue;
    const runs_truth& truth = trial.call.truth;
    switch (clue_for_median(trial.call)) {
    case median_clue::cold_runs:
      outcome.hint = say("check.l06.clue.cold-runs", {{"cold", format_ms(truth.cold_ms)},
                                                      {"warm", format_ms(truth.median_ms)}});
      break;
    case median_clue::timing_cost:
      outcome.hint = say("check.l06.clue.timing-cost");
      break;
    case median_clue::several_runs:
      outcome.hint =
          say("check.l06.clue.several-runs",
              {{"runs", std::to_string(std::lround(trial.call.median_ms / truth.median_ms))}});
      break;
    case median_clue::mean_of_runs:
      outcome.hint = say("check.l06.clue.mean", {{"mean", format_ms(truth.mean_ms)},
                                                 {"median", format_ms(truth.median_ms)}});
      break;
    case median_clue::none:
      return; // the first wrong call is the one shown (judge_timing)
    }
    // The clue is the why, inferred from the numbers: the report must not call the cause
    // undetermined and replace it (analysis/lesson_diagnosis.cpp, explain_failed_check).
    outcome.says_only_how_far_off = false;
    return;
  }
}

void name_median_swap(check_outcome& outcome, const std::vector<benchmark_trial>& trials) {
  if (outcome.passed)
    return;
  const benchmark_trial* shown = nullptr;
  for (const benchmark_trial& trial : trials) {
    if (trial.timing.verdict() == time_verdict::accurate)
      continue;
    if (!median_and_noise_swapped(trial.call))
      return;
    if (shown == nullptr)
      shown = &trial;
  }
  if (shown == nullptr)
    return;
  name_swap(outcome, shown->call);
  outcome.noise_could_explain = false;
}

check_outcome judge_noise(const std::vector<benchmark_trial>& trials, int allowed_misses,
                          const std::string& lesson) {
  std::vector<benchmark_call> calls;
  for (const benchmark_trial& trial : trials)
    calls.push_back(trial.call);
  const noise_judgement judged = judge_noise_calls(calls, allowed_misses);
  check_outcome outcome;
  outcome.name = say("check.l06.noise.name");
  outcome.passed = judged.passed;
  const benchmark_trial& shown = judged.shown >= 0 ? trials[judged.shown] : trials.back();
  const runs_truth& truth = shown.call.truth;
  const noise_bounds bounds = allowed_noise(truth.spread);
  show_call(outcome, shown.timing.call, truth.median_ms);
  outcome.call.per_run = true; // the median: one sample of several, each over its runs
  outcome.expected = say("check.l06.noise.expected", {{"spread", percent(truth.spread)},
                                                      {"low", percent(bounds.low)},
                                                      {"high", percent(bounds.high)},
                                                      {"median", format_ms(truth.median_ms)}});
  outcome.measured =
      say("check.l06.noise.measured", {{"noise", percent(shown.call.noise)},
                                       {"median", format_ms(shown.call.median_ms)},
                                       {"samples", std::to_string(shown.call.samples)},
                                       {"hits", std::to_string(judged.hits)},
                                       {"calls", std::to_string(trials.size())}});
  if (judged.passed)
    return outcome;
  outcome.noise_could_explain = judged.noise_could_explain;
  outcome.lesson_section = lesson + "#the-median-and-the-noise";
  if (judged.too_few_samples >= 0) {
    const benchmark_call& call = trials[judged.too_few_samples].call;
    outcome.message =
        say("check.l06.noise.samples.message", {{"samples", std::to_string(call.samples)},
                                                {"runs", std::to_string(call.runs)},
                                                {"fewest", std::to_string(fewest_samples)}});
    outcome.hint = say("check.l06.noise.samples.hint");
    return outcome;
  }
  if (judged.same_every_call) {
    outcome.message =
        say("check.l06.noise.same-every-call.message", {{"noise", percent(shown.call.noise)}});
    outcome.hint = say("check.l06.noise.same-every-call.hint");
    return outcome;
  }
  if (judged.slip == "swapped") {
    name_swap(outcome, shown.call);
    return outcome;
  }
  if (!judged.slip.empty()) { // a percentage for a fraction (slip_analysis.hpp)
    // The judgement found each figure, divided by 100, within what the runs' spread allows: that
    // hundredth is the right figure to show. The spread itself may be 0 (runs alike to the
    // nanosecond), and "100 times 0" would say nothing true.
    const double noise = shown.call.noise;
    slip_result slip;
    slip.kind = slip_kind::percent_for_fraction;
    slip.expected = noise;
    slip.factor = 100;
    const slip_words words = describe_slip(slip, noise, noise / 100, "");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = judged.slip;
    return outcome;
  }
  switch (judged.verdict) {
  case noise_verdict::too_low:
    outcome.message = say("check.l06.noise.too-low.message", {{"noise", percent(shown.call.noise)},
                                                              {"spread", percent(truth.spread)}});
    outcome.hint = say("check.l06.noise.too-low.hint");
    break;
  case noise_verdict::too_high:
    outcome.message = say("check.l06.noise.too-high.message", {{"noise", percent(shown.call.noise)},
                                                               {"spread", percent(truth.spread)}});
    outcome.hint = say("check.l06.noise.too-high.hint");
    break;
  case noise_verdict::median_outside:
    outcome.message = say("check.l06.noise.median-outside.message",
                          {{"median", format_ms(shown.call.median_ms)},
                           {"low", format_ms(truth.lower_quartile_ms)},
                           {"high", format_ms(truth.upper_quartile_ms)}});
    outcome.hint = say("check.l06.noise.median-outside.hint");
    outcome.lesson_section = lesson + "#warm-up-for-a-time";
    break;
  case noise_verdict::not_a_number:
    outcome.message =
        say("check.l06.noise.not-a-number.message", {{"noise", std::to_string(shown.call.noise)}});
    outcome.hint = say("check.l06.noise.not-a-number.hint");
    break;
  case noise_verdict::accurate:
    break;
  }
  return outcome;
}

} // namespace gpucheck
