// SPDX-License-Identifier: MIT
// Lesson 03's judgement of time_launch_only (judgement/launch_judgement.hpp), on the numbers a
// GPU gives for a right function and for each mistake: a wait for the GPU, a number in
// microseconds, a slow launch (which noise may excuse), no time at all, a launch never made.
#include "judgement/launch_judgement.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace gpucheck;

namespace {

// A GEMM of 40 ms and a kernel of 20 ms, each launched in `launch_ms`, in calls of that length.
launch_numbers launched_in(double launch_ms) {
  launch_numbers numbers;
  numbers.launch_ms = launch_ms;
  numbers.truth_ms = 40.0;
  numbers.longest = {launch_ms, 40.0, launch_ms + 0.005};
  numbers.spin_launch_ms = launch_ms;
  numbers.spin_truth_ms = 20.0;
  numbers.spin_runs = 1;
  return numbers;
}

} // namespace

TEST_CASE("a launch of microseconds passes") {
  const check_outcome outcome = judge_launch_only(launched_in(0.01), "s");
  CHECK(outcome.passed);
  CHECK(outcome.lesson_section.empty());
}

TEST_CASE("a wait for the GPU fails on any GPU, a slow launch may be noise") {
  launch_numbers waited = launched_in(0.01);
  waited.launch_ms = 40.0;
  waited.longest.call_ms = 40.1;
  const check_outcome wait = judge_launch_only(waited, "s");
  CHECK_FALSE(wait.passed);
  CHECK_FALSE(wait.noise_could_explain);
  CHECK(wait.lesson_section == "s");
  CHECK_FALSE(wait.states_what_was_seen);

  launch_numbers slow = launched_in(0.01);
  slow.launch_ms = 8.0; // more than a tenth of 40 ms, less than half
  slow.longest.call_ms = 8.1;
  const check_outcome long_launch = judge_launch_only(slow, "s");
  CHECK_FALSE(long_launch.passed);
  CHECK(long_launch.noise_could_explain);
}

TEST_CASE("launch times in seconds fail as that slip: no launch returns in under 0.1 us") {
  // std::chrono::duration<double> counts seconds: 10 us reads 1e-5.
  const check_outcome outcome = judge_launch_only(launched_in(1e-5), "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.slip == "over-1000");
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("10.0 us") != std::string::npos); // read in seconds: 0.010 ms
  SUBCASE("one short number beside a right one is judged as before") {
    launch_numbers one = launched_in(0.01);
    one.launch_ms = 1e-5;
    CHECK(judge_launch_only(one, "s").passed);
  }
}

TEST_CASE("a launch time in nanoseconds is that slip, not a wait") {
  launch_numbers in_ns = launched_in(0.01);
  in_ns.launch_ms = 10000.0; // 10 us as "10000", in calls of 15 us
  in_ns.longest.call_ms = 0.015;
  const check_outcome outcome = judge_launch_only(in_ns, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.slip == "times-million");
  CHECK_FALSE(outcome.noise_could_explain);
}

TEST_CASE("a launch time in microseconds is a unit slip, shown with its call") {
  launch_numbers in_us = launched_in(0.01);
  in_us.launch_ms = 10.0; // 10 us as "10", in calls of 15 us
  in_us.longest.call_ms = 0.015;
  in_us.longest.begin_ns = 1000;
  in_us.longest.end_ns = 16000;
  const check_outcome outcome = judge_launch_only(in_us, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.slip == "times-1000");
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.call.begin_ns == 1000);
}

TEST_CASE("no time, and a launch never made, fail") {
  const check_outcome zero = judge_launch_only(launched_in(0.0), "s");
  CHECK_FALSE(zero.passed);
  CHECK(zero.lesson_section == "s");

  launch_numbers never = launched_in(0.01);
  never.spin_runs = 0;
  const check_outcome not_run = judge_launch_only(never, "s");
  CHECK_FALSE(not_run.passed);
  CHECK_FALSE(not_run.message.empty());
}
