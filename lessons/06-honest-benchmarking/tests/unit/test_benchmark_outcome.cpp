// SPDX-License-Identifier: MIT
// Lesson 06's checks told from their calls' numbers (judgement/benchmark_outcome.hpp): a wrong
// median's clue and swap, and the noise check's outcome, on made-up calls.
#include "judgement/benchmark_outcome.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/06-honest-benchmarking/lesson.md";

// A call on warm runs of 2 ms that vary by 5% (quartiles 1.95-2.05 ms), cold runs of 5 ms.
benchmark_trial call_of(double median_ms, double noise, int samples = 20) {
  benchmark_trial trial;
  trial.call.median_ms = median_ms;
  trial.call.noise = noise;
  trial.call.samples = samples;
  trial.call.runs = 60;
  trial.call.truth.median_ms = 2.0;
  trial.call.truth.lower_quartile_ms = 1.95;
  trial.call.truth.upper_quartile_ms = 2.05;
  trial.call.truth.mean_ms = 2.0;
  trial.call.truth.spread = 0.05;
  trial.call.truth.cold_ms = 5.0;
  trial.call.truth.warm_runs = 55;
  trial.call.truth.cold_runs = 5;
  trial.timing.reported_ms = median_ms;
  trial.timing.truth_ms = 2.0;
  trial.timing.tolerance = {0.05, 0.0};
  trial.timing.call = {median_ms, 2.0, 150.0};
  return trial;
}

check_outcome failed_by_how_far() {
  check_outcome outcome;
  outcome.passed = false;
  outcome.says_only_how_far_off = true;
  outcome.hint = "as judged";
  return outcome;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("a wrong median at the cold runs' length is told so, a right one is left alone") {
  check_outcome cold = failed_by_how_far();
  name_median_clue(cold, {call_of(2.0, 0.05), call_of(5.0, 0.05)});
  CHECK(contains(cold.hint, "5.000 ms"));
  CHECK(cold.hint != "as judged");
  CHECK_FALSE(cold.says_only_how_far_off); // the clue is the why: not "cause not determined"

  check_outcome passed;
  passed.passed = true;
  name_median_clue(passed, {call_of(5.0, 0.05)});
  CHECK(passed.hint.empty());

  check_outcome said_more = failed_by_how_far();
  said_more.says_only_how_far_off = false; // a unit slip, say: its words stay
  name_median_clue(said_more, {call_of(5.0, 0.05)});
  CHECK(said_more.hint == "as judged");
}

TEST_CASE("a median and noise figure swapped in every wrong call is named, and no noise excuses "
          "it") {
  check_outcome swapped = failed_by_how_far();
  swapped.noise_could_explain = true;
  name_median_swap(swapped, {call_of(2.0, 0.05), call_of(0.05, 2.0)});
  CHECK(swapped.slip == "swapped");
  CHECK_FALSE(swapped.noise_could_explain);
  CHECK_FALSE(swapped.says_only_how_far_off);

  check_outcome one_not = failed_by_how_far();
  name_median_swap(one_not, {call_of(0.05, 2.0), call_of(3.0, 0.05)});
  CHECK(one_not.slip.empty()); // a wrong call that is no swap: the swap is not the why
}

TEST_CASE("the noise check passes figures near the runs' spread, and names what is wrong") {
  const std::vector<benchmark_trial> right{call_of(2.0, 0.05), call_of(2.01, 0.06),
                                           call_of(1.99, 0.04)};
  const check_outcome passed = judge_noise(right, 1, lesson);
  CHECK(passed.passed);
  CHECK(contains(passed.measured, "3"));

  const std::vector<benchmark_trial> too_few{call_of(2.0, 0.05, 10), call_of(2.0, 0.06, 10),
                                             call_of(2.0, 0.04, 10)};
  const check_outcome few = judge_noise(too_few, 1, lesson);
  CHECK_FALSE(few.passed);
  CHECK(contains(few.message, "10"));
  CHECK(few.lesson_section == lesson + "#the-median-and-the-noise");

  const std::vector<benchmark_trial> too_high{call_of(2.0, 0.5), call_of(2.0, 0.6),
                                              call_of(2.0, 0.7)};
  const check_outcome high = judge_noise(too_high, 1, lesson);
  CHECK_FALSE(high.passed);
  CHECK(contains(high.message, "50.0%"));
}
