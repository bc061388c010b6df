// SPDX-License-Identifier: MIT
// measure_link judged against the checker's own copies (judgement/link_judgement.hpp): right
// numbers pass with a miss allowed; facts no busy GPU makes (no copy, no bandwidth, pageable
// memory, a power of 1000 in every number) are certain; GiB and one direction are named.
#include "judgement/link_judgement.hpp"

#include "checkapi/say.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string section = "lessons/07-transfers/lesson.md#the-links-peak";
constexpr double bytes = 256.0 * 1024 * 1024;
const link_numbers h200 = {55.5, 55.4, 100.0}; // a link that carries both directions at once

link_trial trial_of(link_numbers reported, link_numbers truth = h200) {
  link_trial t;
  t.bytes_each_way = bytes;
  t.reported = reported;
  t.truth = truth;
  t.call.begin_ns = 1'000'000;
  t.call.end_ns = 2'000'000;
  return t;
}

std::vector<link_trial> three(link_numbers reported, link_numbers truth = h200) {
  return {trial_of(reported, truth), trial_of(reported, truth), trial_of(reported, truth)};
}

check_outcome judged(const std::vector<link_trial>& trials,
                     host_memory memory = host_memory::pinned) {
  return judge_link(trials, memory, section, /*allowed_misses=*/1);
}

} // namespace

TEST_CASE("numbers near the checker's pass, and one wrong trial of three is allowed") {
  CHECK(judged(three({54.0, 56.0, 97.0})).passed);
  // Pages on a farther NUMA node: every number lower, the gain of both at once the same.
  CHECK(judged(three({47.0, 47.0, 85.0})).passed);
  // The same numbers with copies in turn: the gain is the phenomenon, and it is missing.
  CHECK_FALSE(judged(three({47.0, 47.0, 47.0})).passed);
  std::vector<link_trial> trials = three({55.0, 55.0, 99.0});
  trials[1].reported.both_gbps = 70.0;
  CHECK(judged(trials).passed);
  trials[2].reported.to_host_gbps = 40.0;
  const check_outcome two_wrong = judged(trials);
  CHECK_FALSE(two_wrong.passed);
  CHECK(two_wrong.noise_could_explain); // another measurement is the truth: noise moves it too
  CHECK(two_wrong.call.begin_ns == 1'000'000); // the trace reads the call
  CHECK(two_wrong.says_only_how_far_off);      // and finds the cause, or none is guessed
}

TEST_CASE("the starter's zeros and an empty device buffer are certain failures") {
  std::vector<link_trial> trials = three({0, 0, 0});
  for (link_trial& t : trials)
    t.copied = false;
  const check_outcome starter = judged(trials);
  CHECK_FALSE(starter.passed);
  CHECK_FALSE(starter.noise_could_explain);
  CHECK(starter.message == say("check.l07.link.not-copied.message"));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const check_outcome not_a_number = judged(three({55.0, 55.0, nan}));
  CHECK_FALSE(not_a_number.passed);
  CHECK_FALSE(not_a_number.noise_could_explain);
  CHECK(not_a_number.hint == say("check.l07.link.not-a-bandwidth.hint"));
}

TEST_CASE("pageable or managed host memory is named where the copies ran slower than pinned") {
  const check_outcome pageable = judged(three({7.6, 12.7, 15.0}), host_memory::pageable);
  CHECK_FALSE(pageable.passed);
  CHECK_FALSE(pageable.noise_could_explain);
  CHECK(pageable.hint == say("check.l07.link.pageable.hint"));
  CHECK(pageable.lesson_section == "lessons/07-transfers/lesson.md#pageable-and-pinned-memory");
  const check_outcome managed = judged(three({20.0, 20.0, 30.0}), host_memory::managed);
  CHECK(managed.hint == say("check.l07.link.managed.hint"));
  // Pinned memory that still ran slow says nothing of the memory.
  const check_outcome slow = judged(three({30.0, 30.0, 50.0}), host_memory::pinned);
  CHECK_FALSE(slow.passed);
  CHECK(slow.hint == say("check.l07.link.off.hint"));
}

TEST_CASE("a unit slip in every number is named even where it lies within the tolerance") {
  const double gib = 1e9 / 1073741824.0;
  const check_outcome in_gib = judged(three({55.5 * gib, 55.4 * gib, 100.0 * gib}));
  CHECK_FALSE(in_gib.passed);
  CHECK(in_gib.noise_could_explain); // a neighbour that slows every copy alike imitates it
  CHECK(in_gib.slip == "gib-for-gb");
  CHECK(in_gib.call.begin_ns == 1'000'000); // shown, so that the trace keeps the slip's name
  CHECK(in_gib.hint == say("check.l07.link.gib.hint"));
  const check_outcome in_mb = judged(three({55500.0, 55400.0, 100000.0}));
  CHECK_FALSE(in_mb.noise_could_explain); // no neighbour makes a power of 1000
  CHECK(in_mb.hint == say("check.l07.link.mb.hint"));
  // One number in GiB is no unit slip: the others are right.
  CHECK(judged(three({55.5, 55.4, 100.0 * gib})).passed);
}

TEST_CASE("both copies at one direction's speed is named only on a link that carries both") {
  // Copies in turn on a link with a gain of 1.8: both copies' bytes over the two times added.
  const check_outcome serial = judged(three({55.5, 55.4, 55.4}));
  CHECK_FALSE(serial.passed);
  CHECK(serial.hint == say("check.l07.link.in-turn.hint"));
  CHECK(serial.noise_could_explain); // a neighbour's copies slow the two at once too
  CHECK_FALSE(serial.says_only_how_far_off);
  CHECK(serial.call.begin_ns == 1'000'000);
  // A link that moves one direction at a time: the same numbers are the truth, and pass.
  const link_numbers simplex = {55.5, 55.4, 56.0};
  CHECK(judged(three({55.5, 55.4, 55.4}, simplex)).passed);
  // Far from both: said as numbers, not as one direction.
  CHECK(judged(three({55.5, 55.4, 500.0})).hint == say("check.l07.link.off.hint"));
}

TEST_CASE("the copies in turn and one copy's bytes are told apart by their exact relations") {
  SUBCASE("in turn at unequal speeds: 2 d h / (d + h), not the faster direction's speed") {
    CHECK(in_turn_gain({60.0, 45.0, 0.0}) == doctest::Approx(90.0 / 105.0));
    CHECK(in_turn_gain({0.0, 45.0, 0.0}) == 0.0);
    // Gain 0.857: 14% from 1, yet exactly the copies in turn; half the checker's 2.0 is 1.0.
    const link_numbers gain_of_two = {55.5, 55.4, 111.0};
    const check_outcome outcome = judged(three({60.0, 45.0, 51.43}, gain_of_two));
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.hint == say("check.l07.link.in-turn.hint"));
    CHECK(outcome.message.find("51.4 GB/s") != std::string::npos); // what in turn makes
  }
  SUBCASE("one copy's bytes: half the checker's gain, far from the copies in turn") {
    const link_numbers gain_of_165 = {55.5, 55.4, 91.6}; // an H200's round trip over one way
    const check_outcome outcome = judged(three({55.5, 55.4, 45.8}, gain_of_165));
    CHECK_FALSE(outcome.passed);
    CHECK(outcome.hint == say("check.l07.link.one-copy.hint"));
    CHECK(outcome.noise_could_explain);
    CHECK(outcome.message.find("45.8 GB/s") != std::string::npos); // half of 1.65 x 55.5
  }
  SUBCASE("a gain near both relations: the cause is not determined, the numbers shown") {
    // Half the checker's gain of 1.8 is 0.90, the copies in turn 1.00: 0.90 lies within 10% of
    // both.
    const check_outcome half = judged(three({55.5, 55.4, 50.0}));
    CHECK_FALSE(half.passed);
    CHECK(half.hint == say("check.l07.link.both-undetermined.hint"));
    CHECK(half.message.find("55.4 GB/s") != std::string::npos); // in turn at these speeds
    CHECK(half.message.find("50.0 GB/s") != std::string::npos); // one copy's bytes
    CHECK(half.message.find("10%") != std::string::npos);
  }
  SUBCASE("trials that show different mistakes: not determined") {
    const link_numbers gain_of_165 = {55.5, 55.4, 91.6};
    std::vector<link_trial> trials = three({55.5, 55.4, 45.8}, gain_of_165); // one copy's bytes
    trials[2].reported.both_gbps = 55.4;                                     // in turn
    CHECK(judged(trials).hint == say("check.l07.link.both-undetermined.hint"));
  }
}
