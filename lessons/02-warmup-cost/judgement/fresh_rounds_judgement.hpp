// SPDX-License-Identifier: MIT
/// @file fresh_rounds_judgement.hpp
/// @brief Judging first_gemm_in_processes: each size's first GEMM in fresh processes, round after
/// round, each round in a new order, against what the checker saw of every call it was made.
///
/// check.cu hands the function a first_gemm that returns, for each call, a time drawn as a fresh
/// process's first GEMM might take (no process is started: nothing here times anything); it notes
/// each call's size and what it returned. The truth is that record: which sizes
/// ran in which order, and each size's times. Nothing here is a timing of the student's, so every
/// number is held exactly (to 1e-9 of it, for a mean's rounding) and no busy GPU excuses a miss.
/// One fact is left to chance: a correct shuffle gives every round the same order once in
/// (sizes!)^(rounds - 1) calls, so check.cu calls the function again when its calls made whole
/// rounds in one order (rounds_in_one_order). Plain C++, tested without a GPU
/// (tests/unit/test_fresh_rounds_judgement.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One size's entry as the student's function returned it.
struct reported_first_gemms {
  int n = 0;
  std::vector<double> first_ms;
  double median_ms = 0;
  double spread_ms = 0;
};

/// What one call of first_gemm_in_processes did, as the checker saw it.
struct fresh_rounds_call {
  std::vector<int> sizes;          ///< the sizes handed, in their order
  int processes = 0;               ///< the processes asked for each size
  std::vector<int> called_n;       ///< the size of each call of first_gemm, in the order made
  std::vector<double> returned_ms; ///< what each call returned: a drawn first GEMM [ms]
  std::vector<reported_first_gemms> reported; ///< what the function returned
};

/// The median of `times`: the middle one, or of an even count the mean of the two middle ones.
double median_first_ms(std::vector<double> times);

/// Whether the calls make `processes` whole rounds (each every size once) all in one order.
bool rounds_in_one_order(const fresh_rounds_call& call);

/// The outcome of the calls of the function (the last one judged; `calls_made` of them, more than
/// one when the first had every round in one order): the calls of first_gemm first (how many,
/// which sizes, the rounds, their orders), then the entries returned against the calls' record.
/// `section` is where the lesson teaches it.
check_outcome judge_fresh_rounds(const fresh_rounds_call& call, int calls_made,
                                 const std::string& section);

} // namespace gpucheck
