// SPDX-License-Identifier: MIT
// Lesson 02's judgement of cold and warm GEMM times from fresh processes
// (judgement/fresh_gemm_judgement.hpp): right numbers pass; a cold start left out, a number in
// seconds, a steady time off, a process that stopped, and steady times that do not grow each get
// their own words, excused by noise only where noise could have caused them.
#include "judgement/fresh_gemm_judgement.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/x/lesson.md";

// A size the checker measured: cold starts of 90 to 160 ms, warm GEMMs of `steady_ms`; the
// student's numbers right.
fresh_gemm_size measured(int n, double steady_ms) {
  fresh_gemm_size size;
  size.n = n;
  size.truth_first_ms = {90.0, 160.0};
  size.truth_steady_ms = steady_ms;
  size.answered = true;
  size.first_ms = 120.0;
  size.steady_ms = steady_ms;
  size.cost_ms = 119.0;
  return size;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("right cold and warm times pass, and a warm time that grows with N") {
  const check_outcome right = judge_fresh_gemm(measured(4000, 2.0), lesson);
  CHECK(right.passed);
  CHECK(contains(right.name, "N = 4000"));
  CHECK(judge_growth(measured(32, 0.01), measured(4000, 2.0), lesson).passed);
  // The checker's own ratio with its decimal: 7.9 is not 7.
  const check_outcome close = judge_growth(measured(32, 0.25), measured(4000, 1.975), lesson);
  CHECK(contains(close.expected, "the checker's: 7.9 times"));
}

TEST_CASE("a cold start left out fails, and noise may excuse it, seconds are a unit slip") {
  fresh_gemm_size warm_first = measured(4000, 2.0);
  warm_first.first_ms = 2.0; // timed after a warm-up
  const check_outcome short_first = judge_fresh_gemm(warm_first, lesson);
  CHECK_FALSE(short_first.passed);
  CHECK(short_first.noise_could_explain);
  CHECK_FALSE(short_first.states_what_was_seen);
  CHECK(contains(short_first.hint, "very first call"));
  CHECK(short_first.lesson_section == lesson + "#cold-in-a-fresh-process");

  fresh_gemm_size in_seconds = measured(4000, 2.0);
  in_seconds.first_ms = 0.12;
  const check_outcome seconds = judge_fresh_gemm(in_seconds, lesson);
  CHECK_FALSE(seconds.passed);
  CHECK_FALSE(seconds.noise_could_explain);
  CHECK(contains(seconds.hint, "Return milliseconds"));
  CHECK(seconds.slip == "over-1000");

  fresh_gemm_size empty = measured(4000, 2.0);
  empty.first_ms = 0.0;
  CHECK(contains(judge_fresh_gemm(empty, lesson).message, "your warm-up was empty"));
}

TEST_CASE("a steady time off, a stopped process, and steady times that do not grow") {
  fresh_gemm_size off = measured(4000, 2.0);
  off.steady_ms = 3.0;
  const check_outcome steady = judge_fresh_gemm(off, lesson);
  CHECK_FALSE(steady.passed);
  CHECK(contains(steady.message, "your steady_ms is"));
  CHECK(steady.noise_could_explain); // longer than a separate measurement: noise may do it
  CHECK(steady.slip.empty());

  fresh_gemm_size in_us = measured(4000, 2.0);
  in_us.steady_ms = 2000.0;
  const check_outcome steady_in_us = judge_fresh_gemm(in_us, lesson);
  CHECK(steady_in_us.slip == "times-1000");
  CHECK_FALSE(steady_in_us.noise_could_explain);
  fresh_gemm_size cut = measured(4000, 2.7);
  cut.steady_ms = 2.0; // whole milliseconds
  const check_outcome steady_cut = judge_fresh_gemm(cut, lesson);
  CHECK_FALSE(steady_cut.slip.empty());
  CHECK_FALSE(steady_cut.noise_could_explain);

  fresh_gemm_size stopped = measured(4000, 2.0);
  stopped.answered = false;
  stopped.failure = "out of memory";
  const check_outcome failed = judge_fresh_gemm(stopped, lesson);
  CHECK_FALSE(failed.passed);
  CHECK(contains(failed.message, "out of memory"));

  // A process that ran to its end with its times' ends swapped sent numbers below zero: they are
  // judged as numbers, not as a process that stopped early.
  fresh_gemm_size swapped = measured(4000, 2.0);
  swapped.first_ms = -120.0;
  swapped.steady_ms = -2.0;
  swapped.failure = "";
  const check_outcome reversed = judge_fresh_gemm(swapped, lesson);
  CHECK_FALSE(reversed.passed);
  CHECK(contains(reversed.message, "-120"));
  CHECK(contains(reversed.message, "below zero"));
  CHECK_FALSE(contains(reversed.message, "stopped"));
  CHECK(reversed.states_what_was_seen);
  fresh_gemm_size small_swapped = measured(32, 1.0);
  small_swapped.steady_ms = -0.015;
  const check_outcome growth = judge_growth(small_swapped, swapped, lesson); // ratio 133
  CHECK_FALSE(growth.passed);
  CHECK(contains(growth.message, "not both above zero"));

  const check_outcome flat = judge_growth(measured(32, 1.0), measured(4000, 2.0), lesson);
  CHECK_FALSE(flat.passed);
  CHECK(contains(flat.message, "only 2.0 times"));
  CHECK(flat.lesson_section == lesson + "#what-the-table-shows");
}
