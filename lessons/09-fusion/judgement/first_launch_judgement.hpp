// SPDX-License-Identifier: MIT
/// @file first_launch_judgement.hpp
/// @brief Judging time_each_run: each run's time against the checker's own events inside the
/// call, in a fresh process, where the first call is the first launch of the student's kernel.
///
/// A kernel is loaded at its first launch (lazy loading), once per process, and lesson 09's
/// check program has launched the student's kernel long before its last check. So check.cu starts
/// the program again (checkapi/fresh_process.hpp) and hands time_each_run, there, a work that runs
/// the student's run_fused on a job of 256 MiB between a pair of the checker's own events on the
/// stream the call was given. Those events are each run's truth. The student's events, recorded
/// on the same stream before and after the call, enclose the checker's, so a right time is the
/// truth and a few microseconds more; a host clock with a wait adds a launch and a wake-up. The
/// first run's truth holds the kernel's loading, done on the host inside the launch while the
/// start events had already completed on an idle GPU. Plain C++, tested without a GPU
/// (tests/unit/test_first_launch_judgement.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// What the fresh process sent back.
struct first_launch_numbers {
  bool process_ok = false;         ///< it ran to its end and sent every value
  std::string output;              ///< its last lines, when it did not
  int asked = 0;                   ///< the runs the function was given
  int runs = 0;                    ///< how often it called the work
  int returned = 0;                ///< how many times it returned
  std::vector<double> reported_ms; ///< the first of them [ms each]; -1 for what was not a number
  std::vector<double> truth_ms;    ///< each call's run, by the checker's events inside it [ms]
};

/// How close a run's time must be to the checker's.
struct first_launch_tolerance {
  double below_ms = 0.002;   ///< the student's interval encloses the checker's: never shorter
  double above_ms = 0.050;   ///< what the calls around the checker's events may add...
  double above_share = 0.10; ///< ...or this share of the run, whichever is larger
};

/// Whether one reported run time agrees with the checker's.
bool run_time_agrees(double reported_ms, double truth_ms,
                     const first_launch_tolerance& tolerance = {});

/// The outcome, named; `section` is where the lesson teaches the timing of the fused kernel.
check_outcome judge_first_launch(const first_launch_numbers& numbers, const std::string& section,
                                 const first_launch_tolerance& tolerance = {});

} // namespace gpucheck
