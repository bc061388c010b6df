// SPDX-License-Identifier: MIT
/// @file launch_judgement.hpp
/// @brief Judging time_launch_only: the time of a launch, which must be far below the work's.
///
/// Lesson 03's check.cu times a warm GEMM of N = 4000 with events (the truth) and calls the
/// student's function on it three times, and once on a kernel of known duration (10 to 30 ms). A
/// launch time must be positive and at most a tenth of the work's, for both. A longer one is a
/// wait for the GPU (at least half the work: no busy GPU explains it), a number in microseconds
/// (longer than every call that returned it), or a slow launch that a disturbed machine may
/// excuse. Plain C++, tested without a GPU (tests/unit/test_launch_judgement.cpp).
#pragma once

#include "checkapi/number_slip.hpp"
#include "checkapi/results_channel.hpp"

#include <string>

namespace gpucheck {

/// What the student's time_launch_only returned, and the truths.
struct launch_numbers {
  double launch_ms = 0;      ///< the median of the GEMM's launch times
  double truth_ms = 0;       ///< the GEMM's own time, by events
  timed_call longest;        ///< the longest call that returned a GEMM's launch time
  double spin_launch_ms = 0; ///< the launch time of the kernel of known duration
  double spin_truth_ms = 0;  ///< that kernel's own time
  int spin_runs = 0;         ///< how often that kernel ran in the call
};

/// The outcome, named; `section` is where the lesson teaches the launch's time.
check_outcome judge_launch_only(const launch_numbers& numbers, const std::string& section);

} // namespace gpucheck
