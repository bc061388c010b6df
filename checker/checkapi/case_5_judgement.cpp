// SPDX-License-Identifier: MIT
#include "checkapi/case_5_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

std::string how_often(int runs) {
  return runs == 0   ? "not at all"
         : runs == 1 ? "once"
         : runs == 2 ? "twice"
                     : std::to_string(runs) + " times";
}

// Within the tolerance of [low_ms, high_ms]: -1 too short, 0 accurate, 1 too long.
int compare_to_range(double reported_ms, double low_ms, double high_ms, time_tolerance tolerance) {
  if (reported_ms < low_ms - tolerance.allowed_ms(low_ms)) {
    return -1;
  }
  return reported_ms > high_ms + tolerance.allowed_ms(high_ms) ? 1 : 0;
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
    return wrong(false,
                 "your function ran case 4's work " + how_often(t.case_4_runs) +
                     " and case 5's work " + how_often(t.case_5_runs) +
                     "; case 4 runs its work once, and case 5's work runs twice: once as case 5, "
                     "once alone.",
                 "Call case_4_work once and case_5_work twice, each inside a timing.");
  }
  for (const double value : {r.case_4_ms, r.case_5_ms, r.alone_ms, r.stale_ms}) {
    if (!std::isfinite(value)) {
      return wrong(false, "one of your four numbers is not a number.",
                   "Return a time in milliseconds in each field.");
    }
  }
  if (r.case_4_ms <= 0) {
    return wrong(
        false, "case_4_ms is " + format_ms(r.case_4_ms) + ": it does not time case 4's launch yet.",
        "Case 4 is your time_launch_only on case_4_work.");
  }
  if (r.case_4_ms >= t.case_4_work_ms / 2) {
    // A launch does not wait for the GPU, and no other process's work makes it: this one did.
    return wrong(false,
                 "case_4_ms is " + format_ms(r.case_4_ms) + ", at least half of case 4's work (" +
                     case_4_work +
                     " on the GPU): case 4 waited for its work, so case 5 could "
                     "not contain any of it.",
                 "Case 4 is the launch alone: no synchronize in time_launch_only.");
  }
  if (!t.pending_at_own) {
    return wrong(false,
                 "case 5's work was queued " + format_ms(t.gap_ms) +
                     " after case 4's, when "
                     "case 4's work (" +
                     case_4_work +
                     " on the GPU) had already finished: case 5 "
                     "contained none of it, unlike the article's. Something between case 4 and "
                     "case 5 waited for the GPU (or kept the host busy that long).",
                 "Run case 5 right after case 4, with nothing in between, as the article did.");
  }
  // The stale work: case 4's work that was still to run when case 5 began. Case 4's kernel may
  // have run for at most gap_ms before case 5's work was queued.
  const double stale_low_ms = std::max(0.0, t.case_4_work_ms - t.gap_ms);
  const double stale_high_ms = t.case_4_work_ms;
  const std::string stale_range = stale_high_ms - stale_low_ms < 0.01
                                      ? format_ms(stale_high_ms)
                                      : format_ms(stale_low_ms) + " to " + format_ms(stale_high_ms);
  const double case_5_low_ms = stale_low_ms + t.own_work_ms;
  const double case_5_high_ms = stale_high_ms + t.own_work_ms;
  const time_tolerance& tolerance = case_5_tolerance;
  if (r.case_5_ms < t.own_work_ms - tolerance.allowed_ms(t.own_work_ms)) {
    return wrong(false,
                 "case_5_ms is " + format_ms(r.case_5_ms) + ", shorter than case 5's own work (" +
                     format_ms(t.own_work_ms) +
                     " on the GPU): the clock stopped before the GPU "
                     "had finished it.",
                 "Case 5 is timed until the GPU has finished (gpucourse::time_call does that).");
  }
  // The two runs swapped: alone_ms holds what case 5 held, and case_5_ms less than case 5 held
  // (never a busy GPU's doing: it only makes a time longer).
  if (compare_to_range(r.alone_ms, case_5_low_ms, case_5_high_ms, tolerance) == 0 &&
      judge_time(r.alone_ms, t.alone_work_ms, tolerance) != time_verdict::accurate &&
      compare_to_range(r.case_5_ms, case_5_low_ms, case_5_high_ms, tolerance) < 0) {
    return wrong(false,
                 "alone_ms is " + format_ms(r.alone_ms) +
                     ", the time of the run queued right "
                     "after case 4: case 5's own " +
                     format_ms(t.own_work_ms) + " and the " + stale_range +
                     " of case 4's work still queued before it. The work alone "
                     "took " +
                     format_ms(t.alone_work_ms) + ".",
                 "Case 5 is the run right after case 4. Time the work alone once nothing else is "
                 "queued: which of your calls left the GPU with nothing to do?");
  }
  if (t.pending_at_alone) {
    return wrong(false,
                 "the second run of case 5's work was queued while case 4's work was still "
                 "running, so its time is not the work alone.",
                 "Time the work alone once nothing else is queued: which of your calls left the "
                 "GPU with nothing to do?");
  }
  const time_verdict alone = judge_time(r.alone_ms, t.alone_work_ms, tolerance);
  if (alone == time_verdict::not_a_number || alone == time_verdict::too_short) {
    return wrong(false,
                 "alone_ms is " + format_ms(r.alone_ms) + ", shorter than the work's own " +
                     format_ms(t.alone_work_ms) +
                     " on the GPU: the clock stopped before the GPU "
                     "had finished it.",
                 "Time it until the GPU has finished, as case 5 is timed.");
  }
  const int case_5 = compare_to_range(r.case_5_ms, case_5_low_ms, case_5_high_ms, tolerance);
  if (case_5 < 0) {
    return wrong(false,
                 "case_5_ms is " + format_ms(r.case_5_ms) + ": case 5's own work took " +
                     format_ms(t.own_work_ms) + ", and " + stale_range +
                     " of case 4's work was "
                     "still queued when case 5 began; the wait for the GPU waits for all of it.",
                 "Start case 5's clock right after case 4, and stop it once the GPU is idle.");
  }
  // Longer than the truth: a busy GPU or host can do that too.
  if (r.case_4_ms > t.case_4_work_ms / 10) {
    return wrong(true,
                 "case_4_ms is " + format_ms(r.case_4_ms) +
                     ", more than a tenth of case 4's "
                     "work (" +
                     case_4_work +
                     "), though shorter than the work: more than the "
                     "launch lies between your clock reads, or the host was slow.",
                 "Read the clock just before and just after the launch, nothing else.");
  }
  if (alone == time_verdict::too_long) {
    return wrong(true,
                 "alone_ms is " + format_ms(r.alone_ms) + ", longer than the work's " +
                     format_ms(t.alone_work_ms) + " on the GPU by " +
                     format_ms(r.alone_ms - t.alone_work_ms) + ".",
                 "Between the clock reads keep only the work and the wait for it.");
  }
  if (case_5 > 0) {
    return wrong(true,
                 "case_5_ms is " + format_ms(r.case_5_ms) + ", longer than case 5's own work (" +
                     format_ms(t.own_work_ms) + ") and the " + stale_range +
                     " of case 4's work queued before it, by " +
                     format_ms(r.case_5_ms - case_5_high_ms) + ".",
                 "Between case 5's clock reads keep only its work and the wait for the GPU.");
  }
  // case_5_ms and alone_ms are right: stale_ms may be off by both their errors, no more.
  const double stale_allowed_ms =
      tolerance.allowed_ms(case_5_high_ms) + tolerance.allowed_ms(t.alone_work_ms);
  if (r.stale_ms < stale_low_ms - stale_allowed_ms ||
      r.stale_ms > stale_high_ms + stale_allowed_ms) {
    return wrong(false,
                 "stale_ms is " + format_ms(r.stale_ms) + ", but case 5 contained " + stale_range +
                     " of case 4's work. Your case_5_ms (" + format_ms(r.case_5_ms) +
                     ") and alone_ms (" + format_ms(r.alone_ms) +
                     ") are right: the mistake is in how stale_ms is made from them.",
                 "stale_ms is the part of case 5's time that was not case 5's own work.");
  }
  return {};
}

std::string describe_case_5_numbers(const case_5_numbers& numbers) {
  return "case_4_ms " + format_ms(numbers.case_4_ms) + ", case_5_ms " +
         format_ms(numbers.case_5_ms) + ", alone_ms " + format_ms(numbers.alone_ms) +
         ", stale_ms " + format_ms(numbers.stale_ms);
}

} // namespace gpucheck
