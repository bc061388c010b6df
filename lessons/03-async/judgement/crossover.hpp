// SPDX-License-Identifier: MIT
/// @file crossover.hpp
/// @brief Judging find_crossover: the smallest N from which the GPU wins at that N and at every
/// larger one, on made-up tables and on one the checker measured.
///
/// The reference walks down from the largest N while the GPU is strictly faster. Made-up tables
/// hold the cases a walk up from the smallest N gets wrong: a lucky win at a small N, a win in the
/// middle only, ties, one row. A wrong answer that is the right row's index (from 0 or from 1) is
/// named as such (slip_analysis.hpp). Plain C++, tested without a GPU
/// (tests/unit/test_crossover.cpp).
#pragma once

#include "checkapi/results_channel.hpp"

#include <functional>
#include <string>
#include <vector>

namespace gpucheck {

/// One row of a CPU against GPU table, as the lesson's size_timing.
struct crossover_row {
  int n = 0;
  double cpu_ms = 0;
  double gpu_ms = 0;
};
using crossover_table = std::vector<crossover_row>;

/// The reference's crossover of `table` (sorted by n): -1 where the GPU does not win at the top.
int reference_crossover(const crossover_table& table);

/// A made-up table of nine sizes, doubling from 10 to 20 (above every row's index and position, so
/// that an index returned is told from a size): the CPU's time grows as n^3, the GPU's
/// is about flat, and the GPU wins from index `first_win` on; before it, with `lucky_win`, one
/// size may show a lucky GPU win (noise), which is not a crossover.
crossover_table made_up_table(int first_win, bool lucky_win);

/// The made-up tables the check holds find_crossover to, drawn afresh: every case above.
std::vector<crossover_table> made_up_tables();

/// The outcome of `find` (the student's find_crossover) on each of `tables`, in order: passed
/// when it agrees with the reference on every one; else the first table it got wrong, explained.
/// `find` is not called after the first disagreement.
check_outcome judge_crossovers(const std::string& name, const std::vector<crossover_table>& tables,
                               const std::function<int(const crossover_table&)>& find,
                               const std::string& section);

} // namespace gpucheck
