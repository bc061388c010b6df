// SPDX-License-Identifier: MIT
// Lesson 01's words beyond judge_timing() (judgement/call_judgement.hpp), on trials as the checks
// make them: a wrong number said against the call the checker timed from inside, the work run
// more than once (a fact no busy GPU excuses), a fresh process that stopped.
#include "judgement/call_judgement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

// A call of known work: `truth_ms` by the checker's clock inside the call, run `runs` times.
timing_trial call_trial(double reported_ms, double truth_ms, int runs = 1) {
  timing_trial trial;
  trial.work = "a call of known work";
  trial.reported_ms = reported_ms;
  trial.truth_ms = truth_ms;
  trial.tolerance = {0.10, 0.10};
  // The call lasts as long as the longer of the number and the work, and a little more.
  trial.call = {reported_ms, truth_ms, std::max(reported_ms, truth_ms) + 0.05};
  trial.work_runs = runs;
  return trial;
}

timing_words words() {
  timing_words w;
  w.name = "time_until_return stops the clock when the call returns";
  w.section = "lesson.md#s";
  w.zero_hint = "Time something.";
  w.wrong_hint = "Stop the clock.";
  return w;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("a number too long is said against the call, until it returned or until it finished") {
  const std::vector<timing_trial> trials = {call_trial(5.0, 1.0), call_trial(6.0, 1.2)};
  check_outcome returned = judge_timing(trials, words(), 1);
  REQUIRE(returned.says_only_how_far_off);
  say_against_the_call(returned, trials, "time_until_return", true);
  CHECK(contains(returned.message, "your time_until_return returned 5.000 ms"));
  CHECK(contains(returned.message, "which took 1.000 ms"));
  CHECK_FALSE(returned.states_what_was_seen);

  check_outcome finished = judge_timing(trials, words(), 1);
  say_against_the_call(finished, trials, "time_call", false);
  CHECK(contains(finished.message, "which took at least 1.000 ms"));

  check_outcome passed = judge_timing({call_trial(1.0, 1.0)}, words(), 0);
  say_against_the_call(passed, trials, "time_call", false);
  CHECK(passed.message.empty());
}

TEST_CASE("the work run twice fails on any GPU, unless a fact already explains the failure") {
  const std::vector<timing_trial> right_twice = {call_trial(1.0, 1.0, 2), call_trial(1.2, 1.2)};
  check_outcome outcome = judge_timing(right_twice, words(), 1);
  fail_extra_runs(outcome, right_twice, "time_call", "lesson.md#first-call");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "ran work(stream) 2 times"));
  CHECK(outcome.states_what_was_seen);
  CHECK(outcome.lesson_section == "lesson.md#first-call");

  check_outcome explained;
  explained.message = "a unit slip";
  explained.noise_could_explain = false;
  fail_extra_runs(explained, right_twice, "time_call", "lesson.md#first-call");
  CHECK(explained.message == "a unit slip");

  check_outcome once = judge_timing({call_trial(1.0, 1.0)}, words(), 0);
  fail_extra_runs(once, {call_trial(1.0, 1.0)}, "time_call", "lesson.md#first-call");
  CHECK(once.passed);
}

TEST_CASE("a fresh process that stopped fails with its last lines, on any GPU") {
  check_outcome outcome;
  outcome.passed = true;
  outcome.noise_could_explain = true;
  outcome.lesson_section = "lesson.md#s";
  fail_for_stopped_process(outcome, "time_call", "Segmentation fault");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "Segmentation fault"));
  CHECK(outcome.states_what_was_seen);
  CHECK(contains(outcome.expected, "time_call"));
  CHECK(outcome.lesson_section.empty());
}
