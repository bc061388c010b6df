// SPDX-License-Identifier: MIT
/// @file fresh_gemm_judgement.hpp
/// @brief Judging a student's cold and warm GEMM times, each size measured in fresh processes,
/// against the checker's own: the first GEMM of other fresh processes, and warm GEMMs timed with
/// events in the check's process.
///
/// Cold starts are noisy (on an H200, 0.09 to 0.16 s): the first time is held to a window, 0.4
/// times the checker's fastest to 2.5 times its slowest, that only rejects a first time that left
/// the cold start out or added something big to it; a number that fits the window in another unit
/// is named as a unit slip. The steady time is held to 15% or 100 us. A GEMM of the large N must
/// take at least 5 times the small one's. Plain C++, tested without a GPU
/// (tests/unit/test_fresh_gemm_judgement.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One size's numbers: the checker's and the student's.
struct fresh_gemm_size {
  int n = 0;
  std::vector<double> truth_first_ms; ///< the checker's first GEMMs, each in a fresh process
  double truth_steady_ms = 0;         ///< the median of warm GEMMs bracketed by events
  bool answered = false; ///< the student's fresh process ran to its end and sent its numbers
  double first_ms = 0;   ///< the student's, from that process (below zero when their ends swap)
  double steady_ms = 0;
  double cost_ms = 0;
  std::string failure; ///< the last lines of a fresh process that sent nothing back
};

/// The outcome of one size, named; `lesson` is the lesson's page ("lessons/.../lesson.md").
check_outcome judge_fresh_gemm(const fresh_gemm_size& size, const std::string& lesson);

/// Whether the student's steady time grows with N: at least 5 times, from `small` to `large`.
check_outcome judge_growth(const fresh_gemm_size& small, const fresh_gemm_size& large,
                           const std::string& lesson);

} // namespace gpucheck
