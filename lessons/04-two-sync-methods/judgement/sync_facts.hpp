// SPDX-License-Identifier: MIT
/// @file sync_facts.hpp
/// @brief Facts about lesson 04's trials that its numbers prove beyond the timing's judgement: a
/// stream wait that waited for another stream too, and the slips in a batch's two numbers.
///
/// Plain C++, tested without a GPU (tests/unit/test_sync_facts.cpp). Header-only: this lesson's
/// fixture lessons (tests/fixtures) compile its check.cu as it is, and link no library of the
/// lesson's.
#pragma once

#include "checkapi/number_slip.hpp"
#include "checkapi/other_work.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "checkapi/timing_trials.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace gpucheck {

// One trial of time_with_stream_sync: its timing, and whether the call returned only after the
// long work on the other stream had ended (checkapi/other_work.hpp).
struct stream_trial {
  timing_trial timing;
  other_work_facts other;
};

// A right number from a function that waited for the other stream fails too. The facts are the
// checker's own: the other stream's work had ended when the call returned, and the GPU stamps say
// when it ended against the timed work. A function that waits for `stream` alone runs its work
// while the other stream is busy (5-15 ms queued before it, against 40-80 ms) and returns
// microseconds after it. A GPU that stops running this process for long stretches (another
// process's turn) can push both ends together, so the failure is one noise could explain, except
// where the call went on for 5 ms or more after its own work had ended (count_other_waits). More
// than `allowed_misses` such calls fail; `section` is where the lesson teaches the wait for one
// stream.
inline void fail_if_other_stream_waited(check_outcome& outcome,
                                        const std::vector<stream_trial>& trials, int allowed_misses,
                                        const std::string& section) {
  const other_waits waits = count_other_waits(trials);
  if (!outcome.passed || waits.waited <= allowed_misses)
    return;
  const stream_trial& shown = trials[static_cast<std::size_t>(waits.shown)];
  outcome.passed = false;
  show_call(outcome, shown.timing.call, shown.timing.truth_ms);
  outcome.expected =
      say("check.l04.waited-other.expected", {{"other", format_ms(shown.other.other_ms)}});
  outcome.measured =
      say("check.l04.waited-other.measured",
          {{"waited", std::to_string(waits.waited)}, {"calls", std::to_string(trials.size())}});
  outcome.message = shown.other.work_started_after
                        ? say("check.l04.waited-other-before-work.message",
                              {{"other", format_ms(shown.other.other_ms)}})
                        : say("check.l04.waited-other-after-work.message",
                              {{"other", format_ms(shown.other.other_ms)},
                               {"after", format_ms(shown.other.ended_after_work_ms)}});
  outcome.hint = say("check.l04.waited-other.hint");
  outcome.rule.clear();
  outcome.noise_could_explain = waits.noise_could_explain;
  outcome.states_what_was_seen = !waits.noise_could_explain; // seen in calls no neighbour explains
  outcome.lesson_section = section;
}

// One call of time_short_work: the trial, and the interval and count the function returned.
struct short_work_trial {
  timing_trial timing;
  double total_ms = 0;
  int said_runs = 0;
};

// Two slips in what time_short_work returns, which its numbers show by themselves, on any GPU: a
// batch said to hold one run (the interval is the sum of many), and an interval already divided
// by the count (the checker divides it again). The judgement has said how far the number is off;
// these say what it is.
inline void name_batch_slips(check_outcome& outcome, const std::vector<short_work_trial>& trials) {
  if (outcome.passed || trials.empty())
    return;
  // The two fields swapped: total_ms holds the count of runs the checker made, and runs the
  // interval in whole milliseconds (slip_analysis.hpp). No busy GPU swaps two fields.
  const bool swapped = std::all_of(trials.begin(), trials.end(), [](const auto& t) {
    const double total_truth_ms = t.timing.truth_ms * t.timing.work_runs;
    return t.timing.work_runs > 1 && t.total_ms == t.timing.work_runs &&
           std::abs(t.said_runs - total_truth_ms) <= 1.0;
  });
  if (swapped) {
    const short_work_trial& shown = trials.front();
    slip_result slip;
    slip.kind = slip_kind::swapped;
    slip.expected = shown.timing.work_runs;
    slip.other = "runs";
    const double total_truth_ms = shown.timing.truth_ms * shown.timing.work_runs;
    const slip_words words = describe_slip(slip, shown.total_ms, total_truth_ms, "");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = slip_id(slip.kind);
    outcome.says_only_how_far_off = false;
    outcome.rule.clear();
    outcome.noise_could_explain = false;
    return;
  }
  const auto said_one_run = std::find_if(trials.begin(), trials.end(), [](const auto& t) {
    return t.said_runs == 1 && t.timing.work_runs > 1;
  });
  const bool divided_already = std::all_of(trials.begin(), trials.end(), [](const auto& t) {
    return t.said_runs > 1 && t.timing.work_runs >= t.said_runs &&
           std::abs(t.total_ms - t.timing.truth_ms) <= 0.1 * t.timing.truth_ms;
  });
  if (said_one_run != trials.end()) {
    outcome.hint = say("check.l04.said-one-run.hint");
  } else if (divided_already) {
    const short_work_trial& shown = trials.front();
    show_call(outcome, shown.timing.call, shown.timing.truth_ms * shown.said_runs);
    outcome.message =
        say("check.l04.divided-already.message", {{"interval", format_ms(shown.total_ms)},
                                                  {"runs", std::to_string(shown.said_runs)},
                                                  {"one_run", format_ms(shown.timing.truth_ms)}});
    outcome.hint = say("check.l04.divided-already.hint");
    outcome.says_only_how_far_off = false;
    outcome.rule.clear();
    outcome.noise_could_explain = false;
  }
}

} // namespace gpucheck
