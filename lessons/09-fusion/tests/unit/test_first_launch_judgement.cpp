// SPDX-License-Identifier: MIT
// Lesson 09's judgement of time_each_run (judgement/first_launch_judgement.hpp), on the numbers a
// fresh process sends for a right function and for each mistake: a warm-up before the first run
// timed, no wait for the run, microseconds, a batch divided evenly, a time that holds more than
// the run, nothing measured, wrong counts, and a process that stopped.
#include "judgement/first_launch_judgement.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>

using namespace gpucheck;

namespace {

constexpr double cold_ms = 0.25; // the first launch: a warm run and the kernel's loading
constexpr double warm_ms = 0.13; // a warm run of 256 MiB in and out

bool says(const check_outcome& outcome, const std::string& words) {
  return outcome.message.find(words) != std::string::npos;
}

// A right function asked for six runs: each time the checker's and 2 us more.
first_launch_numbers right_runs() {
  first_launch_numbers numbers;
  numbers.process_ok = true;
  numbers.asked = 6;
  numbers.runs = 6;
  numbers.returned = 6;
  for (int i = 0; i < numbers.asked; ++i) {
    const double truth = i == 0 ? cold_ms : warm_ms + 0.001 * i;
    numbers.truth_ms.push_back(truth);
    numbers.reported_ms.push_back(truth + 0.002);
  }
  return numbers;
}

} // namespace

TEST_CASE("each run timed alone, the first launch included, passes") {
  const check_outcome outcome = judge_first_launch(right_runs(), "s");
  CHECK(outcome.passed);
  CHECK(outcome.lesson_section.empty());
  CHECK(outcome.measured.find("0.252 ms") != std::string::npos); // the student's first launch
}

TEST_CASE("a run's time agrees when it encloses the checker's and adds little") {
  CHECK(run_time_agrees(0.130, 0.130));
  CHECK(run_time_agrees(0.1285, 0.130));       // a float's rounding below
  CHECK(run_time_agrees(0.180, 0.130));        // 50 us more: the floor
  CHECK(run_time_agrees(0.650, 0.600));        // 10% of 0.6 ms more
  CHECK_FALSE(run_time_agrees(0.127, 0.130));  // shorter than the run inside it
  CHECK_FALSE(run_time_agrees(0.1815, 0.130)); // over 50 us more
  CHECK_FALSE(run_time_agrees(0.6650, 0.600)); // over 10% more
  CHECK_FALSE(run_time_agrees(-1.0, 0.130));   // not a time
}

TEST_CASE("a warm-up before the first run timed fails, names the first launch, and stands") {
  first_launch_numbers warmed = right_runs();
  warmed.runs = 7; // one untimed call first: the first launch
  warmed.truth_ms.insert(warmed.truth_ms.begin(), 0.26);
  warmed.truth_ms[1] = warm_ms;
  for (std::size_t i = 0; i < warmed.reported_ms.size(); ++i)
    warmed.reported_ms[i] = warmed.truth_ms[i + 1] + 0.002;
  const check_outcome outcome = judge_first_launch(warmed, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome, "warm-up"));
  CHECK(says(outcome, "0.260 ms")); // the first launch the function left untimed
  CHECK_FALSE(outcome.states_what_was_seen);
  CHECK(outcome.lesson_section == "s");
}

TEST_CASE("a warm-up is named from the first time, whatever a busy host did to a later run") {
  first_launch_numbers warmed = right_runs();
  warmed.runs = 7;
  warmed.truth_ms.insert(warmed.truth_ms.begin(), 0.26);
  warmed.truth_ms[1] = warm_ms;
  for (std::size_t i = 0; i < warmed.reported_ms.size(); ++i)
    warmed.reported_ms[i] = warmed.truth_ms[i + 1] + 0.002;
  warmed.reported_ms[4] += 0.300; // preempted between two records
  CHECK(says(judge_first_launch(warmed, "s"), "warm-up"));

  // Where the first launch cost nothing (eager loading), the first time cannot tell which call
  // it was: the count alone is named.
  first_launch_numbers eager = warmed;
  eager.truth_ms[0] = warm_ms + 0.001;
  const check_outcome counted = judge_first_launch(eager, "s");
  CHECK_FALSE(counted.passed);
  CHECK(says(counted, "ran the work 7 times, and 6 runs were asked"));
  CHECK(counted.states_what_was_seen);
}

TEST_CASE("a call too many that is no warm-up, or none at all, fails on the count of runs") {
  first_launch_numbers after = right_runs();
  after.runs = 7; // an extra call after the runs timed: the times are the first six runs'
  after.truth_ms.push_back(warm_ms);
  const check_outcome extra = judge_first_launch(after, "s");
  CHECK_FALSE(extra.passed);
  CHECK(says(extra, "ran the work 7 times, and 6 runs were asked"));
  CHECK(extra.states_what_was_seen);

  first_launch_numbers starter = right_runs(); // the starter: zeros, the work never run
  starter.runs = 0;
  starter.truth_ms.clear();
  for (double& reported : starter.reported_ms)
    reported = 0;
  const check_outcome none = judge_first_launch(starter, "s");
  CHECK_FALSE(none.passed);
  CHECK(says(none, "ran the work 0 times"));
  CHECK(none.states_what_was_seen);
}

TEST_CASE("other than one time a run returned fails") {
  first_launch_numbers short_of = right_runs();
  short_of.returned = 5;
  short_of.reported_ms.pop_back();
  const check_outcome outcome = judge_first_launch(short_of, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(says(outcome, "returned 5 times for 6 runs"));
}

TEST_CASE("times that stop before the run ends fail, and noise cannot excuse them") {
  first_launch_numbers unsynced = right_runs();
  unsynced.reported_ms = {0.110, 0.004, 0.004, 0.005, 0.004, 0.004}; // until each call returned
  const check_outcome outcome = judge_first_launch(unsynced, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome, "shorter than the runs"));
  CHECK(says(outcome, "run 1 took 0.250 ms"));
}

TEST_CASE("times in microseconds fail as a slip of the unit") {
  first_launch_numbers in_us = right_runs();
  for (double& reported : in_us.reported_ms)
    reported *= 1000.0;
  const check_outcome outcome = judge_first_launch(in_us, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.slip == "times-1000");
}

TEST_CASE("a batch divided evenly among its runs fails, and noise cannot excuse it") {
  first_launch_numbers divided = right_runs();
  double total = 0;
  for (const double truth : divided.truth_ms)
    total += truth;
  for (double& reported : divided.reported_ms)
    reported = total / divided.asked; // the first launch too short, the warm runs too long
  const check_outcome outcome = judge_first_launch(divided, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome, "your 6 times are all 0.152 ms, and the runs were not alike"));
}

TEST_CASE("times out of the order of the calls fail, and noise cannot excuse them") {
  first_launch_numbers reversed = right_runs();
  std::swap(reversed.reported_ms.front(), reversed.reported_ms.back()); // the first launch last
  const check_outcome outcome = judge_first_launch(reversed, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome, "only 4 of your 6 times agree with the runs' own: run 1, for one"));
}

TEST_CASE("a run lengthened by a slow host may be noise, every run lengthened is not") {
  first_launch_numbers one_slow = right_runs();
  one_slow.reported_ms[3] += 0.100;
  const check_outcome slow = judge_first_launch(one_slow, "s");
  CHECK_FALSE(slow.passed);
  CHECK(slow.noise_could_explain);
  CHECK(says(slow, "run 4 took"));

  first_launch_numbers all_slow = right_runs();
  for (double& reported : all_slow.reported_ms)
    reported += 0.100; // something beside the run inside every interval
  const check_outcome every = judge_first_launch(all_slow, "s");
  CHECK_FALSE(every.passed);
  CHECK_FALSE(every.noise_could_explain);
  CHECK(says(every, "hold more than the runs"));
}

TEST_CASE("times of 0 or not a number fail as nothing measured") {
  first_launch_numbers nothing = right_runs();
  for (double& reported : nothing.reported_ms)
    reported = 0;
  nothing.reported_ms[2] = -1; // what the fresh process sends for a NaN
  const check_outcome outcome = judge_first_launch(nothing, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(says(outcome, "which is no time"));
}

TEST_CASE("a fresh process that stopped early fails with its last lines") {
  first_launch_numbers stopped;
  stopped.asked = 6;
  stopped.output = "exercise.cu:80: an illegal memory access";
  const check_outcome outcome = judge_first_launch(stopped, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome, "an illegal memory access"));
  CHECK(outcome.states_what_was_seen);
}
