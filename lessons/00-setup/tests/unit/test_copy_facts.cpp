// SPDX-License-Identifier: MIT
// Lesson 00's facts about copy trials (judgement/copy_facts.hpp): bytes that did not arrive fail
// even where the times passed; a unit slip is named; a copy ten times faster than the checker's
// fastest is no noise.
#include "judgement/copy_facts.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const time_tolerance tolerance{0.35, 0.1};

// A copy of `truth_ms` (the checker's mean; its fastest 0.9 of it) reported as `reported_ms`.
copy_trial copy(double reported_ms, double truth_ms, bool copied = true) {
  copy_trial trial;
  trial.timing.reported_ms = reported_ms;
  trial.timing.truth_ms = truth_ms;
  trial.timing.tolerance = tolerance;
  trial.timing.own_clock = false;
  trial.timing.call = {reported_ms, truth_ms, std::max(reported_ms, truth_ms) + 0.05};
  trial.timing.call.begin_ns = 1'000'000;
  trial.timing.call.end_ns = 2'000'000;
  trial.timing.work_runs = 1;
  trial.copied = copied;
  trial.fastest_ms = 0.9 * truth_ms;
  return trial;
}

} // namespace

TEST_CASE("bytes that did not arrive fail the check, even where the times passed") {
  check_outcome outcome;
  outcome.passed = true;
  outcome.noise_could_explain = true;
  name_copy_facts(outcome, {copy(10.0, 10.0), copy(11.0, 11.0, false)}, tolerance, "l.md#copy");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.lesson_section == "l.md#copy");
  CHECK(outcome.call.begin_ns == 1'000'000);
  CHECK(outcome.states_what_was_seen); // the destination read back: nothing inferred

  check_outcome untimed; // a function that times nothing yet keeps judge_timing()'s words
  untimed.message = "returns 0";
  name_copy_facts(untimed, {copy(0.0, 10.0, false)}, tolerance, "l.md#copy");
  CHECK(untimed.message == "returns 0");
}

TEST_CASE("a passed check stays passed, a unit slip is named, ten times too fast is no noise") {
  check_outcome passed;
  passed.passed = true;
  name_copy_facts(passed, {copy(10.0, 10.0)}, tolerance, "s");
  CHECK(passed.passed);
  CHECK(passed.message.empty());

  check_outcome in_us;
  in_us.noise_could_explain = true;
  name_copy_facts(in_us, {copy(10000.0, 10.0), copy(20000.0, 20.0)}, tolerance, "s");
  CHECK_FALSE(in_us.slip.empty());
  CHECK_FALSE(in_us.noise_could_explain);

  check_outcome too_fast;
  too_fast.noise_could_explain = true;
  name_copy_facts(too_fast, {copy(0.5, 10.0), copy(0.7, 20.0)}, tolerance, "s");
  CHECK_FALSE(too_fast.noise_could_explain);

  check_outcome slow;
  slow.noise_could_explain = true;
  name_copy_facts(slow, {copy(20.0, 10.0), copy(35.0, 20.0)}, tolerance, "s");
  CHECK(slow.noise_could_explain);
  CHECK_FALSE(slow.states_what_was_seen);
}
