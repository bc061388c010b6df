// SPDX-License-Identifier: MIT
/// @file case_5_judgement.hpp
/// @brief Judging a reproduction of the article's case 5: case 4's launch, case 5 right after it
/// (its wait includes case 4's queued work), case 5's work alone, and the stale work in case 5.
///
/// Lesson 03's check.cu runs the student's function on kernels of known duration and fills a
/// case_5_trial: the kernels' own durations, how often each work ran, whether case 4's work was
/// still queued when each run of case 5's work was launched (an event recorded after case 4's
/// kernel, queried then), and the host time between the two launches. The judgement is plain C++,
/// tested without a GPU (lessons/03-async/tests/unit/test_case_5_judgement.cpp). Facts the checker
/// saw come first and no busy machine excuses them; numbers too long come last and may be noise.
#pragma once

#include "checkapi/judge.hpp"
#include "checkapi/results_channel.hpp"

#include <functional>
#include <string>

namespace gpucheck {

/// What a reproduction of the article's cases 4 and 5 returned [ms each] (lesson 03's
/// reproduce_case_5).
struct case_5_numbers {
  double case_4_ms = 0; ///< case 4: the launch of case 4's work alone
  double case_5_ms = 0; ///< case 5: its work, timed until the GPU finished, right after case 4
  double alone_ms = 0;  ///< case 5's work again, with nothing else queued
  double stale_ms = 0;  ///< how much of case_5_ms was earlier work
};

/// What really happened in one call of the student's function, on kernels of known duration: the
/// truth each number is judged against, and the facts the checker saw while the function ran.
struct case_5_trial {
  case_5_numbers reported;
  double case_4_work_ms = 0; ///< case 4's kernel, by its own clock (%globaltimer)
  double own_work_ms = 0;    ///< case 5's kernel in the run right after case 4, by its own clock
  double alone_work_ms = 0;  ///< case 5's kernel in the other run
  double gap_ms =
      0; ///< [ms] host time from case 4's launch to case 5's: case 4's work may have run
         // that long before case 5's work was queued, so the stale work is between
         // case_4_work_ms - gap_ms and case_4_work_ms
  int case_4_runs = 0;
  int case_5_runs = 0;
  bool pending_at_own = false;   ///< case 4's work was still queued or running at case 5's launch
  bool pending_at_alone = false; ///< ... and at the other run's launch
};

/// A trial's verdict: accurate, or the first thing wrong in it and whether a busy GPU or host
/// could have caused it.
struct case_5_verdict {
  bool accurate = true;
  bool noise_could_explain = false;
  std::string message;
  std::string hint;
  bool seen = false; // the message states what the checker counted, not a cause inferred
  std::string slip;  // a slip of the number itself (slip_analysis.hpp's id), or ""
};

/// How far case_5_ms and alone_ms may be from their truths; stale_ms, their difference, may be off
/// by the sum of the two.
inline constexpr time_tolerance case_5_tolerance{0.05, 0.1}; // 5% or 100 us

/// The first thing wrong in `trial`, or accurate.
case_5_verdict judge_case_5_trial(const case_5_trial& trial);

/// The four numbers, for a report: "case_4_ms 12.0 us, case_5_ms 9.512 ms, ...".
std::string describe_case_5_numbers(const case_5_numbers& numbers);

/// One round of the check: three trials (each one call of `run_trial`), two of which must be
/// accurate. A failure shows the first wrong trial, or better the first that noise cannot excuse,
/// and noise may excuse it only where it may excuse every wrong trial. Named; `section` is where
/// the lesson teaches case 5.
check_outcome judge_case_5_round(const std::function<case_5_trial()>& run_trial,
                                 const std::string& section);

} // namespace gpucheck
