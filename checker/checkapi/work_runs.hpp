// SPDX-License-Identifier: MIT
/// @file work_runs.hpp
/// @brief Wrong times whose cause is how often the student's function ran the work it was given:
/// never, or several times with the number being their sum.
///
/// The checker counts the runs of its own work (known_duration_work::runs), so it knows how often
/// the work ran, on a quiet GPU or a busy one. A function that never called work(stream) timed
/// nothing; saying "your clock stopped before the work finished" would blame a mistake it did not
/// make.
#pragma once

#include "checkapi/results_channel.hpp"

#include <vector>

namespace gpucheck {

/// One call of a student's timing function, with how often it ran the work it was given.
struct counted_call {
  int work_runs = 0;      ///< runs of the given work during the call
  double reported_ms = 0; ///< what the function returned
  double work_ms = 0;     ///< one run's true duration (the planned one where the work never ran)
};

/// When a failed check's calls never ran the work, or ran it several times and returned the sum
/// (within 10%; every call that ran it more than once): the outcome's message and hint say so, and
/// its rule is cleared (no timing method was wrong, the work was). noise_could_explain is set
/// false for a call that never ran the work, and for sums returned by two calls or more: one
/// number near a sum can be a busy GPU's doing. Returns whether it said so. A passed
/// outcome is left alone, and so are runs that a number does not reflect (a warm-up run before
/// the timed one is fine).
bool name_work_runs(check_outcome& outcome, const std::vector<counted_call>& calls);

} // namespace gpucheck
