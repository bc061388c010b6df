// SPDX-License-Identifier: MIT
/// @file copy_facts.hpp
/// @brief What the numbers of time_copy_ms's trials prove, whatever the GPU was doing.
///
/// Lesson 00's check.cu times copies with the student's function and with events of its own, and
/// reads each copy back. No busy GPU copies bytes that the function did not copy, changes a unit,
/// or makes a copy ten times faster than the fastest the checker timed. Plain C++, tested without
/// a GPU (tests/unit/test_copy_facts.cpp).
#pragma once

#include "checkapi/timing_trials.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of time_copy_ms.
struct copy_trial {
  timing_trial timing;
  bool copied = false;   ///< the destination held the source's bytes after the call
  double fastest_ms = 0; ///< the fastest of the checker's own timings of this copy
};

/// After judge_timing() on `trials`' timings: bytes that did not arrive fail the check even where
/// the times passed (`section` is where the lesson teaches the copy); a failure that a unit slip
/// explains says so (number_slip.hpp, within `tolerance`); one that is ten times faster than the
/// checker's fastest copy is no noise.
void name_copy_facts(check_outcome& outcome, const std::vector<copy_trial>& trials,
                     const time_tolerance& tolerance, const std::string& section);

} // namespace gpucheck
