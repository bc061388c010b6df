// SPDX-License-Identifier: MIT
#include "judgement/case_5_judgement.hpp"

#include "checkapi/number_slip.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpucheck {
namespace {

std::string how_often(int runs) {
  return runs == 0   ? say("check.l03.runs.none")
         : runs == 1 ? say("check.l03.runs.once")
         : runs == 2 ? say("check.l03.runs.twice")
                     : say("check.l03.runs.many", {{"count", std::to_string(runs)}});
}

// Within the tolerance of [low_ms, high_ms]: -1 too short, 0 accurate, 1 too long.
int compare_to_range(double reported_ms, double low_ms, double high_ms, time_tolerance tolerance) {
  if (reported_ms < low_ms - tolerance.allowed_ms(low_ms)) {
    return -1;
  }
  return reported_ms > high_ms + tolerance.allowed_ms(high_ms) ? 1 : 0;
}

// A time 1000 or a million times its truth, between low_ms and high_ms, either way: seconds,
// microseconds or nanoseconds where milliseconds were asked. No busy machine makes that.
slip_result unit_slip(double reported_ms, double low_ms, double high_ms) {
  slip_question q;
  q.returned = reported_ms;
  q.truth = (low_ms + high_ms) / 2;
  q.relative = (high_ms - low_ms) / (high_ms + low_ms) + case_5_tolerance.relative;
  q.absolute = case_5_tolerance.absolute_ms;
  const slip_result slip = find_slip(q);
  switch (slip.kind) {
  case slip_kind::times_1000:
  case slip_kind::times_million:
  case slip_kind::over_1000:
  case slip_kind::over_million:
    return slip;
  default:
    return {};
  }
}

// The stale work: case 4's work that was still to run when case 5 began. Case 4's kernel may
// have run for at most gap_ms before case 5's work was queued.
double stale_low(const case_5_trial& t) {
  return std::max(0.0, t.case_4_work_ms - t.gap_ms);
}

// The stale work the judgement accepts, from stale_low to case 4's whole work, as the words say it.
std::string stale_range_text(const case_5_trial& t) {
  const double low_ms = stale_low(t);
  const double high_ms = t.case_4_work_ms;
  return high_ms - low_ms < 0.01 ? format_ms(high_ms)
                                 : say("check.l03.stale-range",
                                       {{"low", format_ms(low_ms)}, {"high", format_ms(high_ms)}});
}

} // namespace

case_5_verdict judge_case_5_trial(const case_5_trial& t) {
  const case_5_numbers& r = t.reported;
  const auto wrong = [](bool noise, std::string message, std::string hint) {
    return case_5_verdict{false, noise, std::move(message), std::move(hint)};
  };
  const std::string case_4_work = format_ms(t.case_4_work_ms);
  // Facts the checker counted or saw while the function ran: no busy machine causes them.
  if (t.case_4_runs != 1 || t.case_5_runs != 2) {
    case_5_verdict counted =
        wrong(false,
              say("check.l03.runs.message", {{"case_4_runs", how_often(t.case_4_runs)},
                                             {"case_5_runs", how_often(t.case_5_runs)}}),
              say("check.l03.runs.hint"));
    counted.seen = true;
    return counted;
  }
  for (const double value : {r.case_4_ms, r.case_5_ms, r.alone_ms, r.stale_ms}) {
    if (!std::isfinite(value)) {
      return wrong(false, say("check.l03.not-a-number.message"),
                   say("check.l03.not-a-number.hint"));
    }
  }
  if (r.case_4_ms <= 0) {
    return wrong(false,
                 say("check.l03.case-4-untimed.message", {{"case_4", format_ms(r.case_4_ms)}}),
                 say("check.l03.case-4-untimed.hint"));
  }
  // As long as a wait for case 4's work, though the checker saw that work still queued at case
  // 5's launch (no wait), and longer than the host took from case 4's launch to case 5's; yet a
  // launch's time as microseconds: a unit slip, not a wait (slip_analysis.hpp). No busy machine
  // makes it.
  const std::string case_4_unit = unit_that_fits(r.case_4_ms, 1e-4, t.gap_ms);
  if (r.case_4_ms >= t.case_4_work_ms / 2 && t.pending_at_own &&
      r.case_4_ms > t.gap_ms * 1.01 + 0.02 &&
      (case_4_unit == "microseconds" || case_4_unit == "nanoseconds")) {
    case_5_verdict in_another_unit =
        wrong(false, unit_slip_message(r.case_4_ms, case_4_unit, say("check.l03.launch-fits")),
              case_4_unit == "microseconds" ? say("check.api.slip.times-1000.hint")
                                            : say("check.api.slip.times-million.hint"));
    in_another_unit.slip = case_4_unit == "microseconds" ? "times-1000" : "times-million";
    return in_another_unit;
  }
  if (r.case_4_ms >= t.case_4_work_ms / 2 && !t.pending_at_own) {
    // A launch does not wait for the GPU, and no other process's work makes it: this one did.
    return wrong(false,
                 say("check.l03.case-4-waited.message",
                     {{"case_4", format_ms(r.case_4_ms)}, {"case_4_work", case_4_work}}),
                 say("check.l03.case-4-waited.hint"));
  }
  if (r.case_4_ms >= t.case_4_work_ms / 2) {
    // Case 4's work was still queued at case 5's launch, so no wait for it lay between the clock
    // reads: other host work did, or a host descheduled that long (noise).
    return wrong(true,
                 say("check.l03.case-4-not-waited.message",
                     {{"case_4", format_ms(r.case_4_ms)}, {"case_4_work", case_4_work}}),
                 say("check.l03.case-4-long.hint"));
  }
  if (!t.pending_at_own) {
    return wrong(false,
                 say("check.l03.case-4-finished.message",
                     {{"gap", format_ms(t.gap_ms)}, {"case_4_work", case_4_work}}),
                 say("check.l03.case-4-finished.hint"));
  }
  const double stale_low_ms = stale_low(t);
  const double stale_high_ms = t.case_4_work_ms;
  const std::string stale_range = stale_range_text(t);
  const double case_5_low_ms = stale_low_ms + t.own_work_ms;
  const double case_5_high_ms = stale_high_ms + t.own_work_ms;
  const time_tolerance& tolerance = case_5_tolerance;
  // Both of case 5's numbers 1000 or a million times their truths, by the same factor: a clock
  // read in another unit. One alone can be chance: a case 5 that never waited takes about a
  // launch, which can be a thousandth of its work.
  const slip_result case_5_slip = unit_slip(r.case_5_ms, case_5_low_ms, case_5_high_ms);
  if (case_5_slip.kind != slip_kind::none &&
      unit_slip(r.alone_ms, t.alone_work_ms, t.alone_work_ms).kind == case_5_slip.kind) {
    const slip_words words =
        describe_slip(case_5_slip, r.case_5_ms, (case_5_low_ms + case_5_high_ms) / 2, "ms");
    case_5_verdict in_another_unit = wrong(false, words.message, words.hint);
    in_another_unit.slip = slip_id(case_5_slip.kind);
    return in_another_unit;
  }
  if (r.case_5_ms < t.own_work_ms - tolerance.allowed_ms(t.own_work_ms)) {
    return wrong(false,
                 say("check.l03.case-5-short.message",
                     {{"case_5", format_ms(r.case_5_ms)}, {"own", format_ms(t.own_work_ms)}}),
                 say("check.l03.case-5-short.hint"));
  }
  // The two runs swapped: alone_ms holds what case 5 held, and case_5_ms less than case 5 held
  // (never a busy GPU's doing: it only makes a time longer).
  if (compare_to_range(r.alone_ms, case_5_low_ms, case_5_high_ms, tolerance) == 0 &&
      judge_time(r.alone_ms, t.alone_work_ms, tolerance) != time_verdict::accurate &&
      compare_to_range(r.case_5_ms, case_5_low_ms, case_5_high_ms, tolerance) < 0) {
    return wrong(false,
                 say("check.l03.swapped.message", {{"alone", format_ms(r.alone_ms)},
                                                   {"own", format_ms(t.own_work_ms)},
                                                   {"stale", stale_range},
                                                   {"alone_work", format_ms(t.alone_work_ms)}}),
                 say("check.l03.swapped.hint"));
  }
  if (t.pending_at_alone) {
    return wrong(false, say("check.l03.alone-queued.message"), say("check.l03.alone-queued.hint"));
  }
  const time_verdict alone = judge_time(r.alone_ms, t.alone_work_ms, tolerance);
  if (alone == time_verdict::not_a_number || alone == time_verdict::too_short) {
    return wrong(false,
                 say("check.l03.alone-short.message", {{"alone", format_ms(r.alone_ms)},
                                                       {"alone_work", format_ms(t.alone_work_ms)}}),
                 say("check.l03.alone-short.hint"));
  }
  const int case_5 = compare_to_range(r.case_5_ms, case_5_low_ms, case_5_high_ms, tolerance);
  if (case_5 < 0) {
    return wrong(false,
                 say("check.l03.case-5-missed-stale.message", {{"case_5", format_ms(r.case_5_ms)},
                                                               {"own", format_ms(t.own_work_ms)},
                                                               {"stale", stale_range}}),
                 say("check.l03.case-5-missed-stale.hint"));
  }
  // Longer than the truth: a busy GPU or host can do that too.
  if (r.case_4_ms > t.case_4_work_ms / 10) {
    return wrong(true,
                 say("check.l03.case-4-long.message",
                     {{"case_4", format_ms(r.case_4_ms)}, {"case_4_work", case_4_work}}),
                 say("check.l03.case-4-long.hint"));
  }
  if (alone == time_verdict::too_long) {
    return wrong(
        true,
        say("check.l03.alone-long.message", {{"alone", format_ms(r.alone_ms)},
                                             {"alone_work", format_ms(t.alone_work_ms)},
                                             {"excess", format_ms(r.alone_ms - t.alone_work_ms)}}),
        say("check.l03.alone-long.hint"));
  }
  if (case_5 > 0) {
    return wrong(
        true,
        say("check.l03.case-5-long.message", {{"case_5", format_ms(r.case_5_ms)},
                                              {"own", format_ms(t.own_work_ms)},
                                              {"stale", stale_range},
                                              {"excess", format_ms(r.case_5_ms - case_5_high_ms)}}),
        say("check.l03.case-5-long.hint"));
  }
  // case_5_ms and alone_ms are right: stale_ms may be off by both their errors, no more. Made as
  // their difference (what the reference does), it also carries how much the two runs of case 5's
  // work differed (the same planned length; a neighbour can lengthen either): the range accepts
  // the stale work and that difference's shift of it, each an exact reading of the contract.
  const double stale_allowed_ms =
      tolerance.allowed_ms(case_5_high_ms) + tolerance.allowed_ms(t.alone_work_ms);
  const double runs_differ_ms = t.own_work_ms - t.alone_work_ms;
  if (r.stale_ms < stale_low_ms + std::min(0.0, runs_differ_ms) - stale_allowed_ms ||
      r.stale_ms > stale_high_ms + std::max(0.0, runs_differ_ms) + stale_allowed_ms) {
    return wrong(false,
                 say("check.l03.stale.message", {{"stale_ms", format_ms(r.stale_ms)},
                                                 {"stale", stale_range},
                                                 {"case_5", format_ms(r.case_5_ms)},
                                                 {"alone", format_ms(r.alone_ms)}}),
                 say("check.l03.stale.hint"));
  }
  return {};
}

std::string describe_case_5_numbers(const case_5_numbers& numbers) {
  return say("check.l03.numbers", {{"case_4", format_ms(numbers.case_4_ms)},
                                   {"case_5", format_ms(numbers.case_5_ms)},
                                   {"alone", format_ms(numbers.alone_ms)},
                                   {"stale", format_ms(numbers.stale_ms)}});
}

check_outcome judge_case_5_round(const std::function<case_5_trial()>& run_trial,
                                 const std::string& section) {
  check_outcome outcome;
  outcome.name = say("check.l03.case-5.name");
  outcome.lesson_section = section;
  std::vector<case_5_trial> trials;
  std::vector<case_5_verdict> verdicts;
  int accurate = 0;
  bool all_excusable = true;
  int first_wrong = -1;
  for (int i = 0; i < 3; ++i) {
    trials.push_back(run_trial());
    verdicts.push_back(judge_case_5_trial(trials.back()));
    if (verdicts.back().accurate) {
      ++accurate;
    } else {
      all_excusable = all_excusable && verdicts.back().noise_could_explain;
      // The trial to show: the first wrong one, or better the first that noise cannot excuse.
      if (first_wrong < 0 ||
          (verdicts[first_wrong].noise_could_explain && !verdicts.back().noise_could_explain)) {
        first_wrong = i;
      }
    }
  }
  outcome.passed = accurate >= 2;
  const case_5_trial& shown = trials[first_wrong < 0 ? 0 : first_wrong];
  outcome.expected =
      say("check.l03.case-5.expected", {{"launch_limit", format_ms(shown.case_4_work_ms / 10)},
                                        {"own", format_ms(shown.own_work_ms)},
                                        {"stale", stale_range_text(shown)},
                                        {"alone", format_ms(shown.alone_work_ms)}});
  outcome.measured =
      say("check.l03.case-5.measured", {{"numbers", describe_case_5_numbers(shown.reported)},
                                        {"right", std::to_string(accurate)}});
  if (!outcome.passed) {
    outcome.message = verdicts[first_wrong].message;
    outcome.hint = verdicts[first_wrong].hint;
    outcome.states_what_was_seen = verdicts[first_wrong].seen;
    outcome.slip = verdicts[first_wrong].slip;
    outcome.noise_could_explain = all_excusable;
  }
  return outcome;
}

} // namespace gpucheck
