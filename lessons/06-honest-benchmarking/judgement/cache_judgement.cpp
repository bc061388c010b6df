// SPDX-License-Identifier: MIT
#include "judgement/cache_judgement.hpp"

#include "checkapi/enclosing_band.hpp"
#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

bool is_time(double ms) {
  return std::isfinite(ms) && ms > 0;
}

bool facts_right(const cache_trial& t, const cache_tolerance& tolerance) {
  return !t.off_stream && t.cold_runs >= tolerance.fewest_samples &&
         t.warm_runs >= tolerance.fewest_samples && is_time(t.warm_ms) && is_time(t.cold_ms);
}

bool encloses(double reported_ms, double truth_ms, const cache_tolerance& tolerance) {
  return within_enclosing_band(reported_ms, truth_ms, tolerance.below_ms, tolerance.above_ms,
                               tolerance.above_share);
}

// Shorter than every run of its kind: the events enclosed none. Not the medians: they count
// runs no event pair enclosed (cache_judgement.hpp).
bool warm_too_short(const cache_trial& t, const cache_tolerance& tolerance) {
  return t.warm_ms < t.shortest_warm_ms - tolerance.below_ms;
}

bool cold_too_short(const cache_trial& t, const cache_tolerance& tolerance) {
  return t.cold_ms < t.shortest_cold_ms - tolerance.below_ms;
}

bool too_short(const cache_trial& t, const cache_tolerance& tolerance) {
  return warm_too_short(t, tolerance) || cold_too_short(t, tolerance);
}

// The flush slowed the read by a measurable amount, and the student's numbers show less than
// gap_share of it (the events' cost is in both numbers and cancels).
bool gap_missing(const cache_trial& t, const cache_tolerance& tolerance) {
  const double truth_gap = t.truth_cold_ms - t.truth_warm_ms;
  return truth_gap >= tolerance.min_gap_ms &&
         t.cold_ms - t.warm_ms < tolerance.gap_share * truth_gap;
}

// A cold number too long by about one flush (half of one to one and a half, and the events'
// cost): the flush ran between the student's events.
bool holds_flush(const cache_trial& t, const cache_tolerance& tolerance) {
  const double excess_ms = t.cold_ms - t.truth_cold_ms;
  return !encloses(t.cold_ms, t.truth_cold_ms, tolerance) && t.flush_ms > 0 &&
         excess_ms >= 0.5 * t.flush_ms && excess_ms <= 1.5 * t.flush_ms + tolerance.above_ms;
}

// Both numbers 1000 or a million times what encloses their runs, by the same factor, either way:
// a clock read in another unit (microseconds, seconds...) where milliseconds were asked. No busy
// GPU makes that; one number alone might be chance. Judged as the numbers are (encloses), since
// the events' own cost is most of so short a run.
slip_result unit_slip(const cache_trial& t, const cache_tolerance& tolerance) {
  return power_of_1000_slip(t.cold_ms, t.truth_cold_ms, [&](double factor) {
    return encloses(t.warm_ms / factor, t.truth_warm_ms, tolerance) &&
           encloses(t.cold_ms / factor, t.truth_cold_ms, tolerance);
  });
}

// The two numbers exchanged: warm_ms encloses the cold runs and cold_ms the warm ones, where the
// flush's effect sets them apart (gap_missing's min_gap_ms), and cold_ms is shorter than every
// cold run, which no busy GPU makes.
bool swapped(const cache_trial& t, const cache_tolerance& tolerance) {
  return t.truth_cold_ms - t.truth_warm_ms >= tolerance.min_gap_ms &&
         cold_too_short(t, tolerance) && encloses(t.warm_ms, t.truth_cold_ms, tolerance) &&
         encloses(t.cold_ms, t.truth_warm_ms, tolerance);
}

std::string ms_text(double ms) {
  return number_text("%.4f ms", ms);
}

std::string say_numbers(std::string_view id, const cache_trial& t) {
  return say(id, {{"warm", ms_text(t.warm_ms)},
                  {"cold", ms_text(t.cold_ms)},
                  {"warm_truth", ms_text(t.truth_warm_ms)},
                  {"cold_truth", ms_text(t.truth_cold_ms)},
                  {"warm_shortest", ms_text(t.shortest_warm_ms)},
                  {"cold_shortest", ms_text(t.shortest_cold_ms)},
                  {"flush", ms_text(t.flush_ms)},
                  {"gap", ms_text(t.truth_cold_ms - t.truth_warm_ms)}});
}

void show_cold(check_outcome& outcome, const cache_trial& t) {
  timed_call call = t.call;
  call.reported_ms = t.cold_ms;
  show_call(outcome, call, t.truth_cold_ms);
}

} // namespace

bool cache_trial_right(const cache_trial& t, const cache_tolerance& tolerance) {
  return facts_right(t, tolerance) && encloses(t.warm_ms, t.truth_warm_ms, tolerance) &&
         encloses(t.cold_ms, t.truth_cold_ms, tolerance) && !gap_missing(t, tolerance);
}

check_outcome judge_cache(const std::vector<cache_trial>& trials, const std::string& section,
                          int allowed_misses, const cache_tolerance& tolerance) {
  check_outcome outcome;
  outcome.name = say("check.l06.cache.name");
  outcome.lesson_section = section;
  if (trials.empty())
    return outcome;
  const auto right = [&](const cache_trial& t) { return cache_trial_right(t, tolerance); };
  const auto wrong = std::find_if_not(trials.begin(), trials.end(), right);
  const cache_trial& shown = wrong != trials.end() ? *wrong : trials.back();
  outcome.expected = say_numbers("check.l06.cache.expected", shown);
  outcome.measured = say_numbers("check.l06.cache.measured", shown);
  const auto misses =
      std::count_if(trials.begin(), trials.end(), [&](const cache_trial& t) { return !right(t); });
  outcome.passed = misses <= allowed_misses;
  if (outcome.passed)
    return outcome;

  // Facts no busy GPU makes come first: the checker counted them, or no run of a kind is shorter
  // than the shortest by its own clock.
  outcome.noise_could_explain = false;
  const auto any = [&](auto&& predicate) {
    return std::find_if(trials.begin(), trials.end(), predicate) != trials.end();
  };
  const auto first = [&](auto&& predicate) -> const cache_trial& {
    return *std::find_if(trials.begin(), trials.end(), predicate);
  };
  const auto off_stream = [](const cache_trial& t) { return t.off_stream; };
  const auto few_cold = [&](const cache_trial& t) {
    return t.cold_runs < tolerance.fewest_samples;
  };
  const auto few_warm = [&](const cache_trial& t) {
    return t.warm_runs < tolerance.fewest_samples;
  };
  const auto not_a_time = [](const cache_trial& t) {
    return !is_time(t.warm_ms) || !is_time(t.cold_ms);
  };
  const auto shorter = [&](const cache_trial& t) { return too_short(t, tolerance); };
  const std::string fewest = std::to_string(tolerance.fewest_samples);
  // The stream of the events, the samples counted, a number that is no time: what the check saw.
  outcome.states_what_was_seen =
      any(off_stream) || any(few_cold) || any(few_warm) || any(not_a_time);
  if (any(off_stream)) {
    outcome.message = say("check.l06.cache.off-stream.message");
    outcome.hint = say("check.l06.cache.off-stream.hint");
  } else if (any(few_cold)) {
    outcome.message =
        say("check.l06.cache.few-cold.message",
            {{"runs", std::to_string(first(few_cold).cold_runs)}, {"fewest", fewest}});
    outcome.hint = say("check.l06.cache.few-cold.hint");
  } else if (any(few_warm)) {
    outcome.message =
        say("check.l06.cache.few-warm.message",
            {{"runs", std::to_string(first(few_warm).warm_runs)}, {"fewest", fewest}});
    outcome.hint = say("check.l06.cache.few-warm.hint");
  } else if (any(not_a_time)) {
    outcome.message = say_numbers("check.l06.cache.not-a-time.message", first(not_a_time));
    outcome.hint = say("check.l06.cache.not-a-time.hint");
  } else if (const slip_result unit = unit_slip(shown, tolerance); unit.kind != slip_kind::none) {
    const slip_words words = describe_slip(unit, shown.cold_ms, shown.truth_cold_ms, "ms");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = slip_id(unit.kind);
    show_cold(outcome, shown); // the trace names the lines that made the number
  } else if (swapped(shown, tolerance)) {
    slip_result slip;
    slip.kind = slip_kind::swapped;
    slip.expected = shown.truth_warm_ms;
    slip.factor = shown.cold_ms / shown.truth_cold_ms;
    slip.other = "warm_ms";
    const slip_words words = describe_slip(slip, shown.cold_ms, shown.truth_cold_ms, "ms");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = slip_id(slip.kind);
    show_cold(outcome, shown);
  } else if (any(shorter)) {
    outcome.message = say_numbers("check.l06.cache.too-short.message", first(shorter));
    outcome.hint = say("check.l06.cache.too-short.hint");
  } else if (holds_flush(shown, tolerance)) {
    outcome.message = say_numbers("check.l06.cache.holds-flush.message", shown);
    outcome.hint = say("check.l06.cache.holds-flush.hint");
    outcome.noise_could_explain = true; // a neighbour's kernels can lengthen a median as much
    // No call shown: the flush's own clock is the cause, and a trace finding on the same call (a
    // warm run under 10 us is below-resolution there) would replace it (lesson_diagnosis.hpp).
  } else if (gap_missing(shown, tolerance)) {
    outcome.message = say_numbers("check.l06.cache.no-gap.message", shown);
    outcome.hint = say("check.l06.cache.no-gap.hint");
    outcome.noise_could_explain = true;
  } else {
    // Too long, or short only against the medians (under every run was named above): a busy GPU
    // lengthens a run's events, and the runs the medians count that no event pair enclosed.
    outcome.message = say_numbers("check.l06.cache.off.message", shown);
    outcome.hint = say("check.l06.cache.off.hint");
    outcome.noise_could_explain = true;
    outcome.says_only_how_far_off = true; // no cause: the trace's, or undetermined
    show_cold(outcome, shown);
  }
  return outcome;
}

} // namespace gpucheck
