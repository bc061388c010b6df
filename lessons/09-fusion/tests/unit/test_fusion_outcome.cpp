// SPDX-License-Identifier: MIT
// Lesson 09's checks told from their numbers (judgement/fusion_outcome.hpp): the bytes, the
// counts, the speed and the reported number, each on made-up results.
#include "judgement/fusion_outcome.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/09-fusion/lesson.md";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// 2^28 floats: the pair moves four passes over them, the fused kernel two.
fusion_times times_for(double pair_ms, double fused_ms) {
  fusion_times t;
  t.items = std::uint64_t{1} << 28;
  t.item_bytes = 4;
  t.pair_ms = pair_ms;
  t.fused_ms = fused_ms;
  t.copy_gbps = 4000;
  return t;
}

number_round round_of(double reported_gbps) {
  number_round round;
  round.truth_ms = 0.13;
  for (int i = 0; i < 3; ++i) {
    round.numbers.push_back({reported_gbps, 4000.0, 0, 5.2e8});
    timed_call call;
    call.reported_ms = 0.13;
    call.begin_ns = 1'000'000 + i;
    call.end_ns = 2'000'000;
    round.calls.push_back(call);
  }
  return round;
}

} // namespace

TEST_CASE("the bytes' check names a wrong y, a wrong tail, and a t written") {
  const std::uint64_t n = 1000;
  CHECK(bytes_outcome(n, n, n, lesson).passed);
  const check_outcome middle = bytes_outcome(100, n, n, lesson);
  const check_outcome tail = bytes_outcome(980, n, n, lesson); // past the last whole block
  CHECK_FALSE(middle.passed);
  CHECK_FALSE(tail.passed);
  CHECK(middle.hint != tail.hint);
  CHECK(contains(tail.message, "980"));
  CHECK(middle.states_what_was_seen);
  CHECK(tail.states_what_was_seen);
  const check_outcome wrote_t = bytes_outcome(n, 7, n, lesson);
  CHECK_FALSE(wrote_t.passed);
  CHECK(contains(wrote_t.measured, "7"));
  CHECK(wrote_t.states_what_was_seen);
}

TEST_CASE("the counts' check passes exact counts and names the first wrong one") {
  const std::vector<std::size_t> sizes{1000, 1, (std::size_t{1} << 30) + 3};
  const byte_count pair = [](std::size_t n) { return pair_bytes(n, sizeof(float)); };
  const byte_count fused = [](std::size_t n) { return fused_bytes(n, sizeof(float)); };
  CHECK(counts_outcome(pair, fused, sizes, lesson).passed);

  const byte_count items = [](std::size_t n) { return static_cast<std::uint64_t>(2 * n); };
  const check_outcome wrong = counts_outcome(pair, items, sizes, lesson);
  CHECK_FALSE(wrong.passed);
  CHECK(contains(wrong.measured, "fused_bytes"));
  CHECK(contains(wrong.measured, "1000"));
  const byte_count in_32_bits = [](std::size_t n) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(pair_bytes(n, sizeof(float))));
  };
  const check_outcome overflow = counts_outcome(in_32_bits, fused, sizes, lesson);
  CHECK_FALSE(overflow.passed);
  CHECK(contains(overflow.measured, std::to_string((std::size_t{1} << 30) + 3)));
}

TEST_CASE("the speed check says which round its failure is of") {
  const fusion_times fast = times_for(1.0, 0.5);
  CHECK(speed_outcome(fast, fusion_speed_verdict::fast_enough, {}, false, lesson).passed);
  const fusion_times slow = times_for(1.0, 0.95);
  const check_outcome first = speed_outcome(slow, fusion_speed_verdict::no_gain, {}, false, lesson);
  const check_outcome second = speed_outcome(slow, fusion_speed_verdict::no_gain, {}, true, lesson);
  CHECK_FALSE(first.passed);
  CHECK(contains(second.measured, "in a second round"));
  CHECK_FALSE(contains(first.measured, "in a second round"));
  CHECK(speed_outcome(slow, fusion_speed_verdict::below_copy_share, {}, false, lesson)
            .lesson_section == lesson + "#achieved-bandwidth");
}

TEST_CASE("the number's check shows the call its verdict names, and no number for the trace") {
  gbps_verdict passed;
  passed.passed = true;
  const check_outcome right = number_outcome(round_of(4000), {}, passed, 5.2e8, lesson);
  CHECK(right.passed);
  CHECK(right.call.begin_ns == 1'000'000);
  CHECK(std::isnan(right.call.reported_ms)); // a GB/s is no interval's time

  gbps_verdict seconds;
  seconds.slip = gbps_slip::ms_as_seconds;
  seconds.shown_in_second = true;
  seconds.shown = 2;
  const check_outcome slip = number_outcome(round_of(4000), round_of(4.0), seconds, 5.2e8, lesson);
  CHECK_FALSE(slip.passed);
  CHECK_FALSE(slip.slip.empty());
  CHECK(slip.call.begin_ns == 1'000'002); // the second round's third call
  CHECK(contains(slip.measured, "in a second round"));

  gbps_verdict mb;
  mb.slip = gbps_slip::in_mb_per_s;
  CHECK(number_outcome(round_of(4000), {}, mb, 5.2e8, lesson).slip == "times-1000");
  gbps_verdict gib;
  gib.slip = gbps_slip::in_gib_per_s;
  CHECK(number_outcome(round_of(4000), {}, gib, 5.2e8, lesson).slip == "gib-for-gb");

  gbps_verdict cold;
  cold.slip = gbps_slip::other;
  cold.cold_first_call = true;
  const check_outcome first_launch = number_outcome(round_of(2000), {}, cold, 5.2e8, lesson);
  CHECK(first_launch.lesson_section == lesson + "#timing-the-fused-kernel");
}
