// SPDX-License-Identifier: MIT
/// @file burst_judgement.hpp
/// @brief Judging launch_burst: each launch's time, against the checker's own clock inside it,
/// and the queue that filled up.
///
/// Lesson 03's check.cu gives the student's launch_burst a kernel of known duration (15 to 25 us,
/// drawn afresh) to launch several thousand times. Inside each call of the work the checker reads
/// the clock just before and just after the launch: that is the launch's true time, and the
/// student's clock reads must enclose it and add almost nothing (burst_tolerance). The burst must
/// also show the phenomenon: its last launches wait for the full queue, about a run each. A wait
/// for the GPU between the launches leaves the queue empty and the late launches short.
/// Plain C++, tested without a GPU (tests/unit/test_burst_judgement.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// What the student's launch_burst returned, and the truths.
struct burst_numbers {
  int asked = 0;                   ///< the count the function was given
  int runs = 0;                    ///< how often it called the work
  std::vector<double> reported_us; ///< what it returned [us each]
  std::vector<double> truth_us;    ///< each call's launch, by the checker's clock inside it [us]
  double kernel_us = 0;            ///< one run's planned length, the least it lasts [us]
};

/// How close a launch's time must be to the checker's, and how many must be.
struct burst_tolerance {
  double below_us = 0.5;     ///< the student's reads enclose the checker's: never shorter
  double above_us = 2.0;     ///< what the call of the work and the clock reads may add...
  double above_share = 0.25; ///< ...or this share of the launch, whichever is larger
  double agreeing = 0.9;     ///< the share of the launches that must agree
  double waiting = 0.5;      ///< the last quarter's launches wait at least this share of a run
};

/// Whether one reported launch time agrees with the checker's.
bool launch_agrees(double reported_us, double truth_us, const burst_tolerance& tolerance = {});

/// The outcome, named; `section` is where the lesson teaches the full queue.
check_outcome judge_burst(const burst_numbers& numbers, const std::string& section,
                          const burst_tolerance& tolerance = {});

} // namespace gpucheck
