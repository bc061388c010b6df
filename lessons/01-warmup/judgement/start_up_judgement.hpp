// SPDX-License-Identifier: MIT
/// @file start_up_judgement.hpp
/// @brief Judging time_start_up: each step of a process's start against the checker's clock read
/// inside the step, in fresh processes that have made no CUDA call before it.
///
/// check.cu hands time_start_up the checker's own steps (the driver's start, the context's
/// creation, the cuBLAS handle's), each of which reads the host clock as it is entered and as it
/// returns, counts its runs, and asks the driver, before it starts, whether its part of the start
/// is still to do (checkapi/cuda_start_state.hpp). The student's clock reads bracket the step, so
/// a right time is the step's span and a few microseconds more. Plain C++, tested without a GPU
/// (tests/unit/test_start_up_judgement.cpp).
#pragma once

#include "checkapi/timing_trials.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One step of the start as a fresh process measured it.
struct start_up_step {
  std::string name;         ///< the step's member in start_up_steps: "start_driver"
  std::string work;         ///< what the step did, for the report
  int runs = 0;             ///< how often time_start_up called it
  bool did_its_work = true; ///< whether its first call found its part of the start still to do
  double reported_ms = 0;   ///< time_start_up's time of it
  double truth_ms = 0;      ///< its first call's span, by the checker's clock inside it [ms]
};

/// What one fresh process sent back.
struct start_up_process {
  bool ok = false;                  ///< it ran to its end and sent every value
  std::string output;               ///< its last lines, when it did not
  std::vector<start_up_step> steps; ///< in the order they are to run
  double call_ms = 0; ///< time_start_up's call, on the checker's clock: no step took longer
  cpu_clock read_cpu_clock = cpu_clock::none; ///< the clock of CPU time its code read, if any
};

/// The outcome over `processes`. Facts first, each a failure on any GPU: a process that stopped,
/// a step run never or more than once, a step whose work a CUDA call made before it had done
/// (the student's own, untimed). Then each step's time against its span with `tolerance`, at most
/// `allowed_misses` of them off (judge_timing()), said against the step.
check_outcome judge_start_up(const std::vector<start_up_process>& processes,
                             const timing_words& words, time_tolerance tolerance,
                             int allowed_misses);

} // namespace gpucheck
