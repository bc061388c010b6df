// SPDX-License-Identifier: MIT
#include "judgement/fresh_gemm_judgement.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpucheck {

check_outcome judge_fresh_gemm(const fresh_gemm_size& size, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l02.fresh.name", {{"n", std::to_string(size.n)}});
  if (!size.answered || size.truth_first_ms.empty()) {
    outcome.expected = say("check.l02.fresh-failed.expected");
    outcome.measured = say("check.l02.fresh-failed.measured");
    outcome.message = say("check.l02.fresh-failed.message", {{"lines", size.failure}});
    outcome.hint = say("check.l02.fresh-failed.hint");
    return outcome;
  }
  const auto [low, high] =
      std::minmax_element(size.truth_first_ms.begin(), size.truth_first_ms.end());
  // Cold starts are noisy (on an H200, 0.09 to 0.16 s); the window only rejects a first time
  // that left the cold start out, or added something big to it.
  const bool first_ok = size.first_ms >= 0.4 * *low && size.first_ms <= 2.5 * *high;
  // Steady: 15% or 100 us (a host clock with two synchronizations adds tens of microseconds).
  const time_tolerance steady_tolerance{0.15, 0.10};
  const auto steady_verdict = judge_time(size.steady_ms, size.truth_steady_ms, steady_tolerance);
  outcome.passed = first_ok && steady_verdict == time_verdict::accurate;
  outcome.expected =
      say("check.l02.fresh.expected",
          {{"low", format_ms(0.4 * *low)},
           {"high", format_ms(2.5 * *high)},
           {"steady", format_ms(size.truth_steady_ms)},
           {"allowed", format_ms(steady_tolerance.allowed_ms(size.truth_steady_ms))}});
  outcome.measured = say("check.l02.fresh.measured", {{"first", format_ms(size.first_ms)},
                                                      {"steady", format_ms(size.steady_ms)},
                                                      {"cost", format_ms(size.cost_ms)}});
  if (size.first_ms < 0) {
    outcome.message = say("check.l02.fresh-negative.message",
                          {{"n", std::to_string(size.n)}, {"first", format_ms(size.first_ms)}});
    outcome.hint = say("check.l02.negative-time.hint");
    outcome.states_what_was_seen = true;
    outcome.lesson_section = lesson + "#warming-up-until-the-time-settles";
  } else if (size.first_ms == 0.0) {
    outcome.message =
        say("check.l02.fresh-empty.message",
            {{"n", std::to_string(size.n)}, {"low", format_ms(*low)}, {"high", format_ms(*high)}});
    outcome.hint = say("check.l02.fresh-empty.hint");
    outcome.lesson_section = lesson + "#warming-up-until-the-time-settles";
  } else if (!first_ok) {
    outcome.message = say("check.l02.fresh-first.message", {{"n", std::to_string(size.n)},
                                                            {"low", format_ms(*low)},
                                                            {"high", format_ms(*high)},
                                                            {"first", format_ms(size.first_ms)}});
    outcome.hint = size.first_ms < 0.4 * *low ? say("check.l02.fresh-first-short.hint")
                                              : say("check.l02.fresh-first-long.hint");
    // The truth is other processes' first GEMMs, which a busy GPU lengthens or not: a
    // disturbed GPU may excuse this comparison either way.
    outcome.noise_could_explain = true;
    // A number that fits in another unit shows its slip by itself, on any GPU.
    const std::string unit = unit_that_fits(size.first_ms, 0.4 * *low, 2.5 * *high);
    if (!unit.empty()) {
      outcome.message = unit_slip_message(size.first_ms, unit, say("check.l02.fits-a-cold-start"));
      outcome.hint = say("check.l02.fresh-first-unit.hint");
      outcome.rule.clear();
      outcome.noise_could_explain = false;
      outcome.slip = unit == "microseconds"  ? slip_id(slip_kind::times_1000)
                     : unit == "nanoseconds" ? slip_id(slip_kind::times_million)
                                             : slip_id(slip_kind::over_1000);
    }
    outcome.lesson_section = lesson + "#cold-in-a-fresh-process";
  } else if (!outcome.passed) {
    outcome.message =
        say("check.l02.fresh-steady.message",
            {{"reported", format_ms(size.steady_ms)}, {"truth", format_ms(size.truth_steady_ms)}});
    outcome.hint = say("check.l02.steady.hint");
    // The truth is a separate measurement, which noise moves too (judge.hpp).
    outcome.noise_could_explain = noise_could_cause(steady_verdict, false);
    outcome.lesson_section = lesson + "#warming-up-until-the-time-settles";
    // Unless the number is an exact relation to it (another unit, whole milliseconds), which no
    // busy GPU makes.
    slip_question q;
    q.returned = size.steady_ms;
    q.truth = size.truth_steady_ms;
    q.relative = steady_tolerance.relative;
    q.absolute = steady_tolerance.absolute_ms;
    q.whole_unit = 1; // [ms]
    if (const slip_result slip = find_slip(q); exact_relation(slip.kind)) {
      const slip_words words = describe_slip(slip, size.steady_ms, size.truth_steady_ms, "ms");
      outcome.message = words.message;
      outcome.hint = words.hint;
      outcome.slip = slip_id(slip.kind);
      outcome.noise_could_explain = false;
    }
  }
  return outcome;
}

check_outcome judge_growth(const fresh_gemm_size& small, const fresh_gemm_size& large,
                           const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l02.grows.name");
  const double ratio = large.steady_ms / small.steady_ms;
  const double truth_ratio = large.truth_steady_ms / small.truth_steady_ms;
  // Times at or below zero (two ends swapped) make any ratio meaningless: -1.4 / -0.015 is 94.
  const bool both_positive = small.steady_ms > 0 && large.steady_ms > 0;
  outcome.passed = both_positive && ratio >= 5.0;
  outcome.expected = say("check.l02.grows.expected", {{"large", std::to_string(large.n)},
                                                      {"small", std::to_string(small.n)},
                                                      {"ratio", number_text("%.1f", truth_ratio)}});
  outcome.measured = say("check.l02.grows.measured", {{"large_ms", format_ms(large.steady_ms)},
                                                      {"small_ms", format_ms(small.steady_ms)}});
  if (!both_positive) {
    outcome.message =
        say("check.l02.grows-not-positive.message", {{"large", std::to_string(large.n)},
                                                     {"small", std::to_string(small.n)},
                                                     {"large_ms", format_ms(large.steady_ms)},
                                                     {"small_ms", format_ms(small.steady_ms)}});
    outcome.hint = say("check.l02.negative-time.hint");
    outcome.states_what_was_seen = true;
    outcome.lesson_section = lesson + "#warming-up-until-the-time-settles";
  } else if (!outcome.passed) {
    char times[32];
    std::snprintf(times, sizeof times, "%.1f", ratio);
    outcome.message = say("check.l02.grows.message",
                          {{"large", std::to_string(large.n)},
                           {"times", times},
                           {"small", std::to_string(small.n)},
                           {"work", std::to_string(static_cast<long long>(
                                        std::pow(static_cast<double>(large.n) / small.n, 3)))}});
    outcome.hint = say("check.l02.grows.hint");
    outcome.noise_could_explain = true;
    outcome.lesson_section = lesson + "#what-the-table-shows";
  }
  return outcome;
}

} // namespace gpucheck
