// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson03 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // lessons/03-async/check.cu: time_launch_only
    entry{"check.l03.launch.name",
          "time_launch_only returns the launch time, at least 10 times below the work's"},
    entry{"check.l03.launch.expected",
          "more than 0 and at most {limit} (a tenth of the GEMM's {truth} at N = 4000)"},
    entry{"check.l03.launch.measured", "{launch} (and {spin_launch} for a {spin_truth} kernel)"},
    entry{"check.l03.launch-untimed.message",
          "your function returned {launch}: it does not time the launch yet."},
    entry{"check.l03.launch-untimed.hint",
          "Read std::chrono::steady_clock::now() before and after `work(stream)` and return the "
          "difference in milliseconds."},
    entry{"check.l03.launch-waited.message",
          "your launch-only time is close to the work's own time: the function waited for the "
          "GPU, and so measured the work, not the launch."},
    entry{"check.l03.launch-waited.hint", "No synchronize in time_launch_only: the point is to see "
                                          "how little time the call itself takes."},
    entry{"check.l03.launch-long.message",
          "your launch-only time is longer than a tenth of the work, though shorter than the work "
          "itself: more than the launch lies between your clock reads, or the host was slow."},
    entry{"check.l03.launch-long.hint",
          "Read the clock just before and just after `work(stream)`, nothing else."},

    // lessons/03-async/check.cu: reproduce_case_5
    entry{"check.l03.case-5.name",
          "reproduce_case_5 measures case 4, case 5, its work alone and the stale work"},
    entry{"check.l03.case-5.expected",
          "case 4 a launch, under {launch_limit}; case 5 its own {own} plus the {case_4_work} of "
          "case 4's work queued before it; alone {alone}; stale {case_4_work} (each within 5% or "
          "0.1 ms)"},
    entry{"check.l03.case-5.measured", "{numbers} ({right} of 3 trials right)"},
    entry{"check.l03.case-5.measured-second-round",
          "{measured}, in a second round after the first failed too"},

    // checkapi/case_5_judgement.cpp: one trial of reproduce_case_5
    entry{"check.l03.runs.none", "not at all"},
    entry{"check.l03.runs.once", "once"},
    entry{"check.l03.runs.twice", "twice"},
    entry{"check.l03.runs.many", "{count} times"},
    entry{"check.l03.runs.message",
          "your function ran case 4's work {case_4_runs} and case 5's work {case_5_runs}; case 4 "
          "runs its work once, and case 5's work runs twice: once as case 5, once alone."},
    entry{"check.l03.runs.hint",
          "Call case_4_work once and case_5_work twice, each inside a timing."},
    entry{"check.l03.not-a-number.message", "one of your four numbers is not a number."},
    entry{"check.l03.not-a-number.hint", "Return a time in milliseconds in each field."},
    entry{"check.l03.case-4-untimed.message",
          "case_4_ms is {case_4}: it does not time case 4's launch yet."},
    entry{"check.l03.case-4-untimed.hint", "Case 4 is your time_launch_only on case_4_work."},
    entry{"check.l03.case-4-waited.message",
          "case_4_ms is {case_4}, at least half of case 4's work ({case_4_work} on the GPU): case "
          "4 waited for its work, so case 5 could not contain any of it."},
    entry{"check.l03.case-4-waited.hint",
          "Case 4 is the launch alone: no synchronize in time_launch_only."},
    entry{"check.l03.case-4-finished.message",
          "case 5's work was queued {gap} after case 4's, when case 4's work ({case_4_work} on the "
          "GPU) had already finished: case 5 contained none of it, unlike the article's. Something "
          "between case 4 and case 5 waited for the GPU (or kept the host busy that long)."},
    entry{"check.l03.case-4-finished.hint",
          "Run case 5 right after case 4, with nothing in between, as the article did."},
    entry{"check.l03.stale-range", "{low} to {high}"},
    entry{"check.l03.case-5-short.message",
          "case_5_ms is {case_5}, shorter than case 5's own work ({own} on the GPU): the clock "
          "stopped before the GPU had finished it."},
    entry{"check.l03.case-5-short.hint",
          "Case 5 is timed until the GPU has finished (gpucourse::time_call does that)."},
    entry{"check.l03.swapped.message",
          "alone_ms is {alone}, the time of the run queued right after case 4: case 5's own {own} "
          "and the {stale} of case 4's work still queued before it. The work alone took "
          "{alone_work}."},
    entry{"check.l03.swapped.hint",
          "Case 5 is the run right after case 4. Time the work alone once nothing else is queued: "
          "which of your calls left the GPU with nothing to do?"},
    entry{"check.l03.alone-queued.message",
          "the second run of case 5's work was queued while case 4's work was still running, so "
          "its time is not the work alone."},
    entry{"check.l03.alone-queued.hint", "Time the work alone once nothing else is queued: which "
                                         "of your calls left the GPU with nothing to do?"},
    entry{"check.l03.alone-short.message",
          "alone_ms is {alone}, shorter than the work's own {alone_work} on the GPU: the clock "
          "stopped before the GPU had finished it."},
    entry{"check.l03.alone-short.hint", "Time it until the GPU has finished, as case 5 is timed."},
    entry{"check.l03.case-5-missed-stale.message",
          "case_5_ms is {case_5}: case 5's own work took {own}, and {stale} of case 4's work was "
          "still queued when case 5 began; the wait for the GPU waits for all of it."},
    entry{"check.l03.case-5-missed-stale.hint",
          "Start case 5's clock right after case 4, and stop it once the GPU is idle."},
    entry{"check.l03.case-4-long.message",
          "case_4_ms is {case_4}, more than a tenth of case 4's work ({case_4_work}), though "
          "shorter than the work: more than the launch lies between your clock reads, or the host "
          "was slow."},
    entry{"check.l03.case-4-long.hint",
          "Read the clock just before and just after the launch, nothing else."},
    entry{"check.l03.alone-long.message",
          "alone_ms is {alone}, longer than the work's {alone_work} on the GPU by {excess}."},
    entry{"check.l03.alone-long.hint",
          "Between the clock reads keep only the work and the wait for it."},
    entry{"check.l03.case-5-long.message",
          "case_5_ms is {case_5}, longer than case 5's own work ({own}) and the {stale} of case "
          "4's work queued before it, by {excess}."},
    entry{"check.l03.case-5-long.hint",
          "Between case 5's clock reads keep only its work and the wait for the GPU."},
    entry{"check.l03.stale.message",
          "stale_ms is {stale_ms}, but case 5 contained {stale} of case 4's work. Your case_5_ms "
          "({case_5}) and alone_ms ({alone}) are right: the mistake is in how stale_ms is made "
          "from them."},
    entry{"check.l03.stale.hint",
          "stale_ms is the part of case 5's time that was not case 5's own work."},
    entry{"check.l03.numbers",
          "case_4_ms {case_4}, case_5_ms {case_5}, alone_ms {alone}, stale_ms {stale}"},

    // lessons/03-async/check.cu: find_crossover
    entry{"check.l03.crossover.expected", "N = {n} for this table:{table}"},
    entry{"check.l03.crossover-none.message",
          "the GPU is not faster at the largest size, so there is no crossover in this table: "
          "return -1."},
    entry{"check.l03.crossover.message",
          "the GPU is faster at N = {n} and at every larger size, and not at the size just below."},
    entry{"check.l03.crossover.hint",
          "Start at the largest N and walk down while gpu_ms < cpu_ms (strictly: a tie is no "
          "win); a lucky win at a small N, with losses after it, is not a crossover."},
    entry{"check.l03.crossover-right.expected", "the right size for {count} tables"},
    entry{"check.l03.crossover-right.measured", "the right size for every one"},
    entry{"check.l03.crossover-made-up.name",
          "find_crossover returns the size from which the GPU is faster (made-up tables)"},
    entry{"check.l03.crossover-measured.name",
          "find_crossover returns the size from which the GPU is faster (a table measured here)"},
    entry{"check.l03.crossover-measured.measured", "N = {n} for it"},
};

} // namespace

std::span<const entry> check_words_lesson03_en() {
  return english;
}

} // namespace gpucheck::messages::parts
