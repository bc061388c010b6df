// SPDX-License-Identifier: MIT
// Lesson 03's judgement of launch_burst (judgement/burst_judgement.hpp), on the numbers a GPU
// gives for a right function and for each mistake: a wait for the GPU inside the clock reads or
// between the launches, milliseconds, a total divided evenly, a wrong number of launches or times,
// and a few launches that a slow host lengthened (which noise may excuse).
#include "judgement/burst_judgement.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace gpucheck;

namespace {

constexpr double kernel_us = 20.0;

// A right burst of 4000 launches of a 20 us kernel: 5 us each until the queue is full (launch
// 1500), then a run's time each; the student's reads add 0.1 us.
burst_numbers right_burst() {
  burst_numbers numbers;
  numbers.asked = 4000;
  numbers.runs = 4000;
  numbers.kernel_us = kernel_us;
  for (int i = 0; i < numbers.asked; ++i) {
    const double truth = i < 1500 ? 5.0 : 21.0;
    numbers.truth_us.push_back(truth);
    numbers.reported_us.push_back(truth + 0.1);
  }
  return numbers;
}

} // namespace

TEST_CASE("a burst timed launch by launch, with the queue full at its end, passes") {
  const check_outcome outcome = judge_burst(right_burst(), "s");
  CHECK(outcome.passed);
  CHECK(outcome.lesson_section.empty());
}

TEST_CASE("a launch agrees when the student's reads enclose the checker's and add little") {
  CHECK(launch_agrees(5.1, 5.0));
  CHECK(launch_agrees(6.9, 5.0));       // 2 us more: the floor
  CHECK(launch_agrees(26.0, 21.0));     // 25% of 21 us more
  CHECK_FALSE(launch_agrees(4.0, 5.0)); // shorter than what happened inside the reads
  CHECK_FALSE(launch_agrees(7.5, 5.0));
  CHECK_FALSE(launch_agrees(27.0, 21.0));
}

TEST_CASE("a wait for the GPU inside each pair of reads fails on any GPU, and says so") {
  burst_numbers waited = right_burst();
  for (std::size_t i = 0; i < waited.truth_us.size(); ++i) {
    waited.truth_us[i] = 5.0; // each launch found the queue empty
    waited.reported_us[i] = 5.0 + kernel_us + 3.0;
  }
  const check_outcome outcome = judge_burst(waited, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("wait for the GPU between your clock reads") != std::string::npos);
  CHECK(outcome.lesson_section == "s");
}

TEST_CASE("a wait between the launches, outside the reads, leaves the queue empty and fails") {
  burst_numbers unqueued = right_burst();
  for (std::size_t i = 0; i < unqueued.truth_us.size(); ++i) {
    unqueued.truth_us[i] = 5.0;
    unqueued.reported_us[i] = 5.1;
  }
  const check_outcome outcome = judge_burst(unqueued, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("the queue never filled") != std::string::npos);
  CHECK_FALSE(outcome.states_what_was_seen);
}

TEST_CASE("times in milliseconds fail as a unit slip") {
  burst_numbers in_ms = right_burst();
  for (double& reported : in_ms.reported_us)
    reported /= 1000.0;
  const check_outcome outcome = judge_burst(in_ms, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.message.find("the unit is milliseconds") != std::string::npos);
  CHECK(outcome.slip == "over-1000");
  CHECK_FALSE(outcome.noise_could_explain);
}

TEST_CASE("times in nanoseconds fail as a unit slip, not as a wait") {
  burst_numbers in_ns = right_burst();
  for (double& reported : in_ns.reported_us)
    reported *= 1000.0;
  const check_outcome outcome = judge_burst(in_ns, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.message.find("the unit is nanoseconds") != std::string::npos);
  CHECK(outcome.slip == "times-1000");
  CHECK_FALSE(outcome.noise_could_explain);
}

TEST_CASE("the burst's total divided evenly among its launches fails, and noise cannot excuse it") {
  burst_numbers divided = right_burst();
  double total = 0;
  for (const double truth : divided.truth_us)
    total += truth;
  for (double& reported : divided.reported_us)
    reported = total / divided.asked; // too long early, too short late
  const check_outcome outcome = judge_burst(divided, "s");
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("agree with the launches' own") != std::string::npos);
}

TEST_CASE("a few launches lengthened by a slow host fail, and noise may excuse them") {
  burst_numbers slow = right_burst();
  for (std::size_t i = 0; i < slow.reported_us.size(); i += 5)
    slow.reported_us[i] += 8.0; // a fifth of the launches, by less than half a run
  const check_outcome outcome = judge_burst(slow, "s");
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.noise_could_explain);
}

TEST_CASE("a burst of the wrong length, or of the wrong number of times, fails") {
  burst_numbers none = right_burst();
  none.runs = 0; // the starter: no launch at all
  none.truth_us.clear();
  const check_outcome no_launch = judge_burst(none, "s");
  CHECK_FALSE(no_launch.passed);
  CHECK(no_launch.message.find("called the work 0 times") != std::string::npos);
  CHECK(no_launch.states_what_was_seen);

  burst_numbers short_of = right_burst();
  short_of.reported_us.pop_back();
  const check_outcome missing = judge_burst(short_of, "s");
  CHECK_FALSE(missing.passed);
  CHECK(missing.message.find("3999 times for 4000 launches") != std::string::npos);
}
