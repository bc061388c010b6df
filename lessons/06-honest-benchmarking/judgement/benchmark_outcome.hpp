// SPDX-License-Identifier: MIT
/// @file benchmark_outcome.hpp
/// @brief Lesson 06's checks told from their calls' numbers: a wrong median's clue and swap, and
/// the noise check's outcome (its verdict from benchmark_judgement.hpp, said with the shown call's
/// numbers). Plain C++: check.cu runs the calls on the GPU; the unit tests hand made-up ones.
#pragma once

#include "checkapi/timing_trials.hpp"
#include "judgement/benchmark_judgement.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of benchmark() on planned work.
struct benchmark_trial {
  timing_trial timing; ///< the median, judged as a timing (timing_trials.hpp)
  benchmark_call call; ///< everything benchmark_judgement.hpp reads
};

/// What the numbers of the shown wrong median suggest, as its hint; only where the judgement said
/// no more than how far off it is (a unit slip, work never run, clock() stay as they were said).
void name_median_clue(check_outcome& outcome, const std::vector<benchmark_trial>& trials);

/// A wrong median whose every wrong trial swapped the median and the noise figure: the swap is
/// the why, and no busy GPU makes it.
void name_median_swap(check_outcome& outcome, const std::vector<benchmark_trial>& trials);

/// The noise check's outcome over its calls: passed when at most `allowed_misses` are not
/// accurate; a failure names the first such call's fault, in `lesson` (the lesson's path).
check_outcome judge_noise(const std::vector<benchmark_trial>& trials, int allowed_misses,
                          const std::string& lesson);

} // namespace gpucheck
