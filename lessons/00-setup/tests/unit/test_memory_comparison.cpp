// SPDX-License-Identifier: MIT
// Lesson 00's judgement of compare_host_memory (judgement/memory_comparison.hpp): each kind's
// copy against the checker's copies of that kind, and the two kinds mixed up in every trial said
// as such (a swap with no busy GPU to excuse it).
#include "judgement/memory_comparison.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const time_tolerance tolerance{0.35, 0.1};
const std::string section = "l.md#pageable-and-pinned-memory";

// One kind's copy of `truth_ms` (the checker's mean; its fastest 0.9 of it) reported as
// `reported_ms`, in a call that starts at `begin_ns` and lasts 200 ms (it allocates, fills and
// copies twice: longer than any number here).
copy_trial copy(double reported_ms, double truth_ms, long long begin_ns, bool copied = true) {
  copy_trial trial;
  trial.timing.reported_ms = reported_ms;
  trial.timing.truth_ms = truth_ms;
  trial.timing.tolerance = tolerance;
  trial.timing.own_clock = false;
  trial.timing.call = {reported_ms, truth_ms, 200.0};
  trial.timing.call.begin_ns = begin_ns;
  trial.timing.call.end_ns = begin_ns + 200'000'000;
  trial.copied = copied;
  trial.fastest_ms = 0.9 * truth_ms;
  return trial;
}

// Four calls on sizes whose pageable copies take 12, 16, 20, 24 ms and pinned ones a fifth of
// that (as on the recorded H200); the student's numbers are `pageable` and `pinned` times these.
std::vector<memory_trial> calls(double pageable_factor, double pinned_factor,
                                bool pinned_copied = true) {
  std::vector<memory_trial> trials;
  for (int i = 0; i < 4; ++i) {
    const double pageable_ms = 12.0 + 4 * i;
    const double pinned_ms = pageable_ms / 5;
    const long long begin_ns = 1'000'000'000LL * (i + 1);
    trials.push_back({copy(pageable_factor * pageable_ms, pageable_ms, begin_ns),
                      copy(pinned_factor * pinned_ms, pinned_ms, begin_ns, pinned_copied)});
  }
  return trials;
}

} // namespace

TEST_CASE("two copies each near the checker's pass, and the outcome says both") {
  const check_outcome outcome =
      judge_memory_comparison(calls(1.1, 1.2), tolerance, section, /*allowed_misses=*/1);
  CHECK(outcome.passed);
  CHECK(outcome.message.empty());
  CHECK(outcome.expected.find("24") != std::string::npos);   // the last trial's pageable truth
  CHECK(outcome.measured.find("5.76") != std::string::npos); // its pinned number, 1.2 x 4.8 ms
}

TEST_CASE("a pinned copy as long as a pageable one in every trial is said with both truths") {
  // The student's "pinned" buffer is pageable (or its pinning was timed): its copy takes the
  // pageable truth, five times the pinned one.
  std::vector<memory_trial> trials = calls(1.0, 1.0);
  for (memory_trial& trial : trials) {
    trial.pinned.timing.reported_ms = 1.05 * trial.pageable.timing.truth_ms;
    trial.pinned.timing.call.reported_ms = trial.pinned.timing.reported_ms;
  }
  const check_outcome outcome = judge_memory_comparison(trials, tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.says_only_how_far_off); // the words say more than how far off
  CHECK(outcome.noise_could_explain); // too long, as judge_timing decided: the trace tells why
  CHECK(outcome.message.find("as long as a copy from pageable memory") != std::string::npos);
  CHECK(outcome.message.find("12.600 ms") != std::string::npos); // the first trial's number...
  CHECK(outcome.message.find("2.400 ms") != std::string::npos);  // ...and its pinned truth
  CHECK(outcome.hint.find("cudaMallocHost") != std::string::npos);
  CHECK(outcome.call.begin_ns == 1'000'000'000LL); // the first trial's call
  CHECK(outcome.call.reported_ms == doctest::Approx(12.6));
  CHECK(outcome.lesson_section == section);
}

TEST_CASE("a pageable copy as fast as a pinned one in every trial is said as such") {
  std::vector<memory_trial> trials = calls(1.0, 1.0);
  for (memory_trial& trial : trials) {
    trial.pageable.timing.reported_ms = trial.pinned.timing.truth_ms;
  }
  const check_outcome outcome = judge_memory_comparison(trials, tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.says_only_how_far_off);
  CHECK(outcome.message.find("as little as a copy from pinned memory") != std::string::npos);
}

TEST_CASE("the two times swapped in every trial are named as a swap") {
  std::vector<memory_trial> trials = calls(1.0, 1.0);
  for (memory_trial& trial : trials) {
    std::swap(trial.pageable.timing.reported_ms, trial.pinned.timing.reported_ms);
  }
  const check_outcome outcome = judge_memory_comparison(trials, tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.slip == "swapped");
  CHECK(outcome.message.find("swapped") != std::string::npos);
}

TEST_CASE("a pinned copy too long in some trials only is a timing miss, which noise may explain") {
  // Two trials of four twice too long: what a busy GPU can do, and no mix-up of the kinds.
  std::vector<memory_trial> trials = calls(1.0, 1.0);
  trials[1].pinned.timing.reported_ms *= 2;
  trials[3].pinned.timing.reported_ms *= 2;
  const check_outcome outcome = judge_memory_comparison(trials, tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.noise_could_explain);
  CHECK(outcome.says_only_how_far_off);
  CHECK(outcome.message.find("as long as a copy from pageable") == std::string::npos);
}

TEST_CASE("kinds the checker cannot tell apart are never called mixed up") {
  // On a host where pageable copies are only 1.5 times slower than pinned ones, a pinned number
  // at the pageable truth is a plain miss, not "not pinned".
  std::vector<memory_trial> trials = calls(1.0, 1.0);
  for (memory_trial& trial : trials) {
    trial.pinned.timing.truth_ms = trial.pageable.timing.truth_ms / 1.5;
    trial.pinned.timing.reported_ms = 1.5 * trial.pageable.timing.truth_ms;
  }
  const check_outcome outcome = judge_memory_comparison(trials, tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.says_only_how_far_off);
  CHECK(outcome.noise_could_explain);
}

TEST_CASE("a copy that did not arrive fails whatever its time, and names its destination") {
  const check_outcome outcome =
      judge_memory_comparison(calls(1.0, 1.0, /*pinned_copied=*/false), tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("from_pinned") != std::string::npos);
  CHECK(outcome.states_what_was_seen); // the destination read back: nothing inferred
}

TEST_CASE("the starter's zeros say that nothing is timed yet") {
  const check_outcome outcome = judge_memory_comparison(calls(0.0, 0.0), tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.message.find("0 ms") != std::string::npos);
  CHECK(outcome.hint.find("content") != std::string::npos);
}

TEST_CASE("a unit slip in the pinned times is named as one, not as a mix-up") {
  const check_outcome outcome = judge_memory_comparison(calls(1.0, 1000.0), tolerance, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK_FALSE(outcome.slip.empty());
}
