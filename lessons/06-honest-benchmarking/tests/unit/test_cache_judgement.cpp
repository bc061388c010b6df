// SPDX-License-Identifier: MIT
// time_warm_and_cold judged against the read's own clock (judgement/cache_judgement.hpp): numbers
// that enclose their runs pass with a miss allowed; facts the checker counted and numbers
// shorter than their runs are certain; a flush inside the timed region and a missing gap are
// named.
#include "judgement/cache_judgement.hpp"

#include "checkapi/say.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string section = "lessons/06-honest-benchmarking/lesson.md#cold-numbers-flush-the-l2";

// [ms] Half an H200's L2 read by the read's own clock: 9 us warm, 26 us cold (the shortest runs
// 8.5 and 25 us), after a flush of 80 us. A pair of events around one run adds about 6 us
// (lesson.md's 5 us kernel read 10.8 us).
cache_trial trial_of(double warm_ms, double cold_ms) {
  cache_trial t;
  t.warm_ms = warm_ms;
  t.cold_ms = cold_ms;
  t.truth_warm_ms = 0.009;
  t.truth_cold_ms = 0.026;
  t.shortest_warm_ms = 0.0085;
  t.shortest_cold_ms = 0.025;
  t.flush_ms = 0.080;
  t.warm_runs = 20;
  t.cold_runs = 20;
  t.call.begin_ns = 1'000'000;
  t.call.end_ns = 2'000'000;
  return t;
}

std::vector<cache_trial> three(double warm_ms, double cold_ms) {
  return {trial_of(warm_ms, cold_ms), trial_of(warm_ms, cold_ms), trial_of(warm_ms, cold_ms)};
}

check_outcome judged(const std::vector<cache_trial>& trials) {
  return judge_cache(trials, section, /*allowed_misses=*/1);
}

} // namespace

TEST_CASE("numbers that enclose their runs pass, and one wrong trial of three is allowed") {
  CHECK(judged(three(0.015, 0.032)).passed);
  CHECK(judged(three(0.009, 0.026)).passed); // no cost of the events at all
  std::vector<cache_trial> trials = three(0.015, 0.032);
  trials[0].cold_ms = 0.300; // one call beside a neighbour
  CHECK(judged(trials).passed);
  trials[2].warm_ms = 0.200;
  const check_outcome two_wrong = judged(trials);
  CHECK_FALSE(two_wrong.passed);
  CHECK(two_wrong.noise_could_explain);        // too long only: a busy GPU does that
  CHECK(two_wrong.call.begin_ns == 1'000'000); // the trace reads the call
  CHECK(two_wrong.says_only_how_far_off);
  CHECK_FALSE(two_wrong.states_what_was_seen);
  CHECK(two_wrong.message == say("check.l06.cache.off.message", {{"warm", "0.0150 ms"},
                                                                 {"cold", "0.3000 ms"},
                                                                 {"warm_truth", "0.0090 ms"},
                                                                 {"cold_truth", "0.0260 ms"}}));
}

TEST_CASE("too few runs after a flush or after a run, another stream and no time are certain") {
  std::vector<cache_trial> one_flush = three(0.015, 0.016);
  for (cache_trial& t : one_flush)
    t.cold_runs = 1; // one flush, then every "cold" sample after a run
  const check_outcome few_cold = judged(one_flush);
  CHECK_FALSE(few_cold.passed);
  CHECK_FALSE(few_cold.noise_could_explain);
  CHECK(few_cold.states_what_was_seen);
  CHECK(few_cold.message ==
        say("check.l06.cache.few-cold.message", {{"runs", "1"}, {"fewest", "10"}}));

  std::vector<cache_trial> no_warm_up = three(0.032, 0.032);
  for (cache_trial& t : no_warm_up)
    t.warm_runs = 0; // every "warm" sample right after a flush
  const check_outcome few_warm = judged(no_warm_up);
  CHECK_FALSE(few_warm.noise_could_explain);
  CHECK(few_warm.states_what_was_seen);
  CHECK(few_warm.hint == say("check.l06.cache.few-warm.hint"));

  std::vector<cache_trial> elsewhere = three(0.015, 0.032);
  for (cache_trial& t : elsewhere)
    t.off_stream = true;
  const check_outcome off_stream = judged(elsewhere);
  CHECK_FALSE(off_stream.passed);
  CHECK_FALSE(off_stream.noise_could_explain);
  CHECK(off_stream.states_what_was_seen);
  CHECK(off_stream.message == say("check.l06.cache.off-stream.message"));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const check_outcome not_a_time = judged(three(nan, 0.032));
  CHECK_FALSE(not_a_time.noise_could_explain);
  CHECK(not_a_time.states_what_was_seen);
  CHECK(not_a_time.hint == say("check.l06.cache.not-a-time.hint"));
}

TEST_CASE("a number shorter than every run of its kind fails on any GPU") {
  const check_outcome shorter = judged(three(0.005, 0.012)); // the events after part of the runs
  CHECK_FALSE(shorter.passed);
  CHECK_FALSE(shorter.noise_could_explain);
  CHECK(shorter.hint == say("check.l06.cache.too-short.hint"));
  CHECK_FALSE(shorter.states_what_was_seen);
  CHECK(shorter.slip.empty());
}

// An H200 beside gpu_load: the call's warm runs 20.9 us by their median (the warm-up's runs
// among them), the events around a timed one 13.4 us, its shortest warm run 9 us.
TEST_CASE("a number under the median of its runs but over the shortest is no certain fail") {
  std::vector<cache_trial> busy = three(0.0134, 0.0244);
  for (cache_trial& t : busy) {
    t.truth_warm_ms = 0.0209;
    t.truth_cold_ms = 0.0207;
    t.shortest_warm_ms = 0.009;
    t.shortest_cold_ms = 0.019;
  }
  const check_outcome outcome = judged(busy);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.noise_could_explain); // a busy GPU's runs, not the student's method
  CHECK(outcome.hint != say("check.l06.cache.too-short.hint"));
  // Under the shortest warm run, it is certain again.
  for (cache_trial& t : busy)
    t.warm_ms = 0.006;
  const check_outcome shorter = judged(busy);
  CHECK_FALSE(shorter.noise_could_explain);
  CHECK(shorter.hint == say("check.l06.cache.too-short.hint"));
  CHECK(shorter.message.find("0.0090 ms warm") != std::string::npos); // the shortest, quoted
}

TEST_CASE("both numbers in another unit are that slip, certain, one alone is not") {
  const check_outcome in_us = judged(three(0.014 * 1e3, 0.031 * 1e3)); // events' cost included
  CHECK_FALSE(in_us.passed);
  CHECK(in_us.slip == "times-1000");
  CHECK_FALSE(in_us.noise_could_explain);
  CHECK(in_us.call.begin_ns == 1'000'000); // the call shown, for the trace's lines
  const check_outcome in_s = judged(three(0.014 / 1e3, 0.031 / 1e3));
  CHECK(in_s.slip == "over-1000");
  CHECK_FALSE(in_s.noise_could_explain);
  // A cold number a thousand times long beside a right warm one is no unit of the clock.
  const check_outcome cold_only = judged(three(0.014, 0.031 * 1e3));
  CHECK(cold_only.slip.empty());
}

TEST_CASE("warm and cold exchanged are named as swapped, certain") {
  const check_outcome exchanged = judged(three(0.031, 0.014)); // the cold median as warm_ms
  CHECK_FALSE(exchanged.passed);
  CHECK(exchanged.slip == "swapped");
  CHECK_FALSE(exchanged.noise_could_explain);
  CHECK(exchanged.message.find("warm_ms") != std::string::npos);
  // Exchanged against the medians, but the cold number is no shorter than every cold run (a busy
  // GPU's medians): no certain swap.
  std::vector<cache_trial> busy = three(0.031, 0.014);
  for (cache_trial& t : busy)
    t.shortest_cold_ms = 0.012;
  const check_outcome maybe = judged(busy);
  CHECK(maybe.slip.empty());
  CHECK(maybe.noise_could_explain);
}

TEST_CASE("a cold number that holds the flush is named from the flush's own clock") {
  const check_outcome flush_timed = judged(three(0.015, 0.112));
  CHECK_FALSE(flush_timed.passed);
  CHECK(flush_timed.hint == say("check.l06.cache.holds-flush.hint"));
  CHECK(flush_timed.call.begin_ns == 0); // the cause is the numbers', not the trace's
  CHECK_FALSE(flush_timed.says_only_how_far_off);
  CHECK_FALSE(flush_timed.states_what_was_seen);
  // Far more than one flush over the cold runs is no flush: only how far off.
  CHECK(judged(three(0.015, 0.300)).says_only_how_far_off);
}

TEST_CASE("the flush's effect must show in the student's two numbers") {
  // Warm and cold swapped into one number: each near a band, no gap between them.
  const check_outcome no_gap = judged(three(0.028, 0.030));
  CHECK_FALSE(no_gap.passed);
  CHECK(no_gap.hint == say("check.l06.cache.no-gap.hint"));
  CHECK(no_gap.noise_could_explain);
  CHECK_FALSE(no_gap.states_what_was_seen);
  // Where the read's own clock shows no gap either, none is asked for.
  std::vector<cache_trial> flat = three(0.015, 0.015);
  for (cache_trial& t : flat) {
    t.truth_cold_ms = 0.0095;
    t.shortest_cold_ms = 0.009;
  }
  CHECK(judged(flat).passed);
  // Half the gap is enough: the events' cost may differ a little between the two.
  CHECK(judged(three(0.015, 0.0245)).passed);
  CHECK_FALSE(judged(three(0.015, 0.0225)).passed);
}
