// SPDX-License-Identifier: MIT
/// @file stale_queue.hpp
/// @brief Judging measure_stale_queue: the article's method 1 with earlier work still queued,
/// made on purpose, and the same timing with that queue emptied first, against the GPU stamps of
/// the checker's own work.
///
/// check.cu hands the function `earlier` and `work`, each a kernel of known duration
/// (checkapi/known_duration_work.cuh) drawn afresh for every call, and notes the order of their
/// calls. The first timing's truth is the span from the first earlier run's start to the first
/// work's end: a clock started right after the earlier work was queued, and stopped after a
/// device-wide wait, reads that span. The second's is the second work's own run. The common
/// mistakes are named from the numbers: a first timing that holds the work alone (the clock
/// started after a wait, or events on the stream), a second that holds the earlier work too, the
/// two fields swapped. No call is shown to the trace: the call holds the stale interval made on
/// purpose, which the rules would report as the mistake. Plain C++, tested without a GPU
/// (tests/unit/test_stale_queue.cpp). Header-only, as sync_facts.hpp is: this lesson's fixture
/// lessons compile its check.cu and link no library of the lesson's.
#pragma once

#include "checkapi/judge.hpp"
#include "checkapi/say.hpp"
#include "checkapi/timing_trials.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpucheck {

/// One call of measure_stale_queue, as the checker saw it.
struct stale_trial {
  std::string order;           ///< 'e' for each call of earlier, 'w' for each call of work
  timing_trial queued;         ///< queued_ms, against the first earlier run's start to work's end
  timing_trial emptied;        ///< emptied_ms, against the second work's own run
  double earlier_ms = 0;       ///< the first earlier run, as the GPU ran it [ms]
  double first_work_ms = 0;    ///< the first work's own run [ms]: what a clock started late reads
  double emptied_stale_ms = 0; ///< from the second earlier run's start to the second work's end
};

namespace detail {

inline bool agrees(double reported_ms, double truth_ms, time_tolerance tolerance) {
  return judge_time(reported_ms, truth_ms, tolerance) == time_verdict::accurate;
}

inline int count_trials(const std::vector<stale_trial>& trials, bool (*fits)(const stale_trial&)) {
  return static_cast<int>(std::count_if(trials.begin(), trials.end(), fits));
}

// A sentence of this check, with the numbers of the call `t`.
inline std::string say_stale(std::string_view id, const stale_trial& t) {
  return say(id, {{"order", t.order},
                  {"queued", format_ms(t.queued.reported_ms)},
                  {"emptied", format_ms(t.emptied.reported_ms)},
                  {"earlier", format_ms(t.earlier_ms)},
                  {"work", format_ms(t.first_work_ms)},
                  {"span", format_ms(t.queued.truth_ms)}});
}

// A failure that the numbers show, on any GPU: its words, and no call for the trace (above).
inline check_outcome stale_fact(const std::string& name, const std::string& section,
                                const stale_trial& shown, std::string message, std::string hint) {
  check_outcome outcome;
  outcome.name = name;
  outcome.expected = say_stale("check.l04.stale.expected", shown);
  outcome.measured = say_stale("check.l04.stale.measured", shown);
  outcome.message = std::move(message);
  outcome.hint = std::move(hint);
  outcome.lesson_section = section;
  outcome.noise_could_explain = false;
  return outcome;
}

} // namespace detail

/// The outcome: the order of the calls first, then the slips the numbers show in more than
/// `allowed_misses` calls (fields swapped, a first timing of the work alone, a second that holds
/// the earlier work), then each number's timing (judge_timing, `allowed_misses` calls off).
inline check_outcome judge_stale_queue(const std::vector<stale_trial>& trials,
                                       const timing_words& queued_words,
                                       const timing_words& emptied_words, int allowed_misses) {
  const std::string& name = queued_words.name;
  const std::string& section = queued_words.section;
  using detail::agrees;
  using detail::say_stale;
  for (const stale_trial& trial : trials) {
    if (trial.order != "ewew")
      return detail::stale_fact(name, section, trial,
                                say_stale("check.l04.stale.order.message", trial),
                                say("check.l04.stale.order.hint"));
  }
  const auto missed = [&](int count) { return count > allowed_misses; };
  const auto swapped = [](const stale_trial& t) {
    return !agrees(t.queued.reported_ms, t.queued.truth_ms, t.queued.tolerance) &&
           agrees(t.queued.reported_ms, t.emptied.truth_ms, t.queued.tolerance) &&
           agrees(t.emptied.reported_ms, t.queued.truth_ms, t.emptied.tolerance);
  };
  const auto work_alone = [](const stale_trial& t) {
    return !agrees(t.queued.reported_ms, t.queued.truth_ms, t.queued.tolerance) &&
           agrees(t.queued.reported_ms, t.first_work_ms, t.queued.tolerance);
  };
  const auto not_emptied = [](const stale_trial& t) {
    return !agrees(t.emptied.reported_ms, t.emptied.truth_ms, t.emptied.tolerance) &&
           agrees(t.emptied.reported_ms, t.emptied_stale_ms, t.emptied.tolerance);
  };
  // Each slip, when more calls than allowed show it: the first that does, in its words.
  const auto shown = [&](bool (*fits)(const stale_trial&)) -> const stale_trial* {
    if (!missed(detail::count_trials(trials, fits)))
      return nullptr;
    return &*std::find_if(trials.begin(), trials.end(), fits);
  };
  if (const stale_trial* t = shown(swapped)) {
    check_outcome outcome =
        detail::stale_fact(name, section, *t, say_stale("check.l04.stale.swapped.message", *t),
                           say("check.l04.stale.swapped.hint"));
    outcome.slip = "swapped"; // slip_analysis.hpp's id: the words stay the why
    return outcome;
  }
  if (const stale_trial* t = shown(work_alone))
    return detail::stale_fact(name, section, *t,
                              say_stale("check.l04.stale.work-alone.message", *t),
                              say("check.l04.stale.work-alone.hint"));
  if (const stale_trial* t = shown(not_emptied))
    return detail::stale_fact(name, section, *t,
                              say_stale("check.l04.stale.not-emptied.message", *t),
                              say("check.l04.stale.not-emptied.hint"));
  const auto judged = [&](const timing_words& words, timing_trial stale_trial::*field) {
    std::vector<timing_trial> timings;
    for (const stale_trial& trial : trials)
      timings.push_back(trial.*field);
    check_outcome outcome = judge_timing(timings, words, allowed_misses);
    outcome.name = name;
    outcome.call = {}; // the call holds the stale interval made on purpose (above)
    return outcome;
  };
  check_outcome outcome = judged(queued_words, &stale_trial::queued);
  if (!outcome.passed)
    return outcome;
  outcome = judged(emptied_words, &stale_trial::emptied);
  if (outcome.passed && !trials.empty()) {
    outcome.expected = say_stale("check.l04.stale.expected", trials.front());
    outcome.measured = say_stale("check.l04.stale.measured", trials.front());
  }
  return outcome;
}

} // namespace gpucheck
