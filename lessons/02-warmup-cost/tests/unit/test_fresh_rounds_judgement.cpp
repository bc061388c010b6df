// SPDX-License-Identifier: MIT
// Lesson 02's judgement of first_gemm_in_processes (judgement/fresh_rounds_judgement.hpp): rounds
// in new orders with every time, median and spread as the checker's processes returned them pass;
// no call, a call too many, a size not given, a round without every size, every round in one
// order, and each wrong entry get their own words, and no busy GPU excuses any of them.
#include "judgement/fresh_rounds_judgement.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string rounds_section = "lessons/x/lesson.md#rounds";

// Three rounds of sizes 300, 20, 1500, 100 in three orders; the process of call i took 50 + i ms
// (call 0 of N = 20: 50 ms). The function's entries are right.
fresh_rounds_call right_rounds() {
  fresh_rounds_call call;
  call.sizes = {300, 20, 1500, 100};
  call.processes = 3;
  call.called_n = {20, 300, 100, 1500, 1500, 20, 300, 100, 100, 1500, 20, 300};
  for (std::size_t i = 0; i < call.called_n.size(); ++i)
    call.returned_ms.push_back(50.0 + static_cast<double>(i));
  // N = 300: calls 1, 6, 11; N = 20: 0, 5, 10; N = 1500: 3, 4, 9; N = 100: 2, 7, 8.
  call.reported = {{300, {51, 56, 61}, 56, 10},
                   {20, {50, 55, 60}, 55, 10},
                   {1500, {53, 54, 59}, 54, 6},
                   {100, {52, 57, 58}, 57, 6}};
  return call;
}

bool says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("rounds in new orders, with every time, median and spread the checker's, pass") {
  const check_outcome outcome = judge_fresh_rounds(right_rounds(), 1, rounds_section);
  CHECK(outcome.passed);
  CHECK(outcome.lesson_section == rounds_section);
  CHECK(says(outcome.measured, "20, 300, 100, 1500; 1500, 20, 300, 100"));
  CHECK_FALSE(rounds_in_one_order(right_rounds()));
}

TEST_CASE("the median of an even count is the mean of the two middle times") {
  CHECK(median_first_ms({3, 1, 2}) == 2);
  CHECK(median_first_ms({4, 1, 3, 2}) == 2.5);
  CHECK(median_first_ms({}) == 0);
}

TEST_CASE("no call of first_gemm and no entry is the starter's: nothing measured yet") {
  fresh_rounds_call starter = right_rounds();
  starter.called_n.clear();
  starter.returned_ms.clear();
  starter.reported.clear();
  const check_outcome outcome = judge_fresh_rounds(starter, 1, rounds_section);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome.message, "0 times"));
  CHECK(outcome.states_what_was_seen);
}

TEST_CASE("calls of first_gemm that are not the rounds asked for fail, named") {
  SUBCASE("a call too many") {
    fresh_rounds_call extra = right_rounds();
    extra.called_n.push_back(20);
    extra.returned_ms.push_back(-1);
    const check_outcome outcome = judge_fresh_rounds(extra, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "13 times"));
    CHECK(says(outcome.message, "12 calls"));
    CHECK(outcome.states_what_was_seen);
  }
  SUBCASE("a size that was not given") {
    fresh_rounds_call other = right_rounds();
    other.called_n[4] = 1024;
    const check_outcome outcome = judge_fresh_rounds(other, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "first_gemm(1024)"));
  }
  SUBCASE("a round that runs one size twice and leaves one out") {
    fresh_rounds_call twice = right_rounds();
    std::swap(twice.called_n[3], twice.called_n[5]); // round 1: 20 300 100 20; round 2: 1500 1500
    const check_outcome outcome = judge_fresh_rounds(twice, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "round 1 of your calls ran N = 20, 300, 100, 20"));
    CHECK_FALSE(rounds_in_one_order(twice));
  }
}

TEST_CASE("every round in one order fails: the place in the round goes with the size") {
  fresh_rounds_call once = right_rounds();
  once.called_n = {20, 300, 100, 1500, 20, 300, 100, 1500, 20, 300, 100, 1500};
  once.reported = {{300, {51, 55, 59}, 55, 8},
                   {20, {50, 54, 58}, 54, 8},
                   {1500, {53, 57, 61}, 57, 8},
                   {100, {52, 56, 60}, 56, 8}};
  CHECK(rounds_in_one_order(once));
  const check_outcome outcome = judge_fresh_rounds(once, 2, rounds_section);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(says(outcome.message, "all 3 rounds"));
  CHECK(says(outcome.message, "N = 20, 300, 100, 1500"));
  CHECK(says(outcome.message, "each of the 2 calls"));
  CHECK(outcome.states_what_was_seen);
}

TEST_CASE("entries that are not the checker's record fail, each named") {
  SUBCASE("entries in the order the processes ran, not the order of sizes") {
    fresh_rounds_call ran_order = right_rounds();
    std::swap(ran_order.reported[0], ran_order.reported[1]);
    const check_outcome outcome = judge_fresh_rounds(ran_order, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "entry 0 is for N = 20, but sizes[0] is 300"));
    CHECK(outcome.states_what_was_seen);
  }
  SUBCASE("an entry missing") {
    fresh_rounds_call short_of_one = right_rounds();
    short_of_one.reported.pop_back();
    const check_outcome outcome = judge_fresh_rounds(short_of_one, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "3 entries for 4 sizes"));
  }
  SUBCASE("the times sorted in place for the median") {
    fresh_rounds_call sorted = right_rounds();
    sorted.reported[2].first_ms = {53, 54, 59};
    CHECK(judge_fresh_rounds(sorted, 1, rounds_section).passed); // already in order
    sorted.reported[3].first_ms = {52, 58, 57};
    const check_outcome outcome = judge_fresh_rounds(sorted, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "first_ms for N = 100"));
  }
  SUBCASE("a mean for the median") {
    fresh_rounds_call mean = right_rounds();
    mean.reported[2].median_ms = (53.0 + 54.0 + 59.0) / 3;
    const check_outcome outcome = judge_fresh_rounds(mean, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "median_ms for N = 1500"));
  }
  SUBCASE("a spread that is not the longest minus the shortest") {
    fresh_rounds_call spread = right_rounds();
    spread.reported[1].spread_ms = 60 - 55; // the last two times apart, not the extremes
    const check_outcome outcome = judge_fresh_rounds(spread, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "spread_ms for N = 20"));
  }
  SUBCASE("the median and the spread swapped: each holds the other's right value") {
    fresh_rounds_call swapped = right_rounds();
    swapped.reported[2].median_ms = 6; // N = 1500: times 53, 54, 59; median 54, spread 6
    swapped.reported[2].spread_ms = 54;
    const check_outcome outcome = judge_fresh_rounds(swapped, 1, rounds_section);
    CHECK_FALSE(outcome.passed);
    CHECK(says(outcome.message, "swapped"));
    CHECK(outcome.slip == "swapped");
    CHECK(outcome.states_what_was_seen);
    swapped.reported[2].spread_ms = 55; // the median wrong, the spread not the median: no swap
    const check_outcome not_swapped = judge_fresh_rounds(swapped, 1, rounds_section);
    CHECK(says(not_swapped.message, "median_ms for N = 1500"));
    CHECK(not_swapped.slip.empty());
  }
  SUBCASE("a median computed another way, to the last bit, still passes") {
    fresh_rounds_call even = right_rounds();
    even.processes = 2;
    even.called_n.resize(8);
    even.returned_ms.resize(8);
    even.reported = {{300, {51, 56}, 51 + (56 - 51) / 2.0, 5},
                     {20, {50, 55}, 52.5, 5},
                     {1500, {53, 54}, 53.5, 1},
                     {100, {52, 57}, 54.5, 5}};
    CHECK(judge_fresh_rounds(even, 1, rounds_section).passed);
  }
}
