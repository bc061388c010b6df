// SPDX-License-Identifier: MIT
/// @file start_up_judgement.hpp
/// @brief Judging time_start_up: each step of a process's start against the checker's clock read
/// inside the step, in fresh processes that have made no CUDA call before it.
///
/// check.cu hands time_start_up the checker's own steps (the driver's start, the context's
/// creation, the cuBLAS handle's), each of which reads the host clock as it is entered and as it
/// returns, counts its runs, notes its place among the steps' calls, and asks the driver, before
/// it starts, whether its part of the start is still to do (checkapi/cuda_start_state.hpp); as
/// the first step called is entered, it asks the same of every step's part, so that a part found
/// done is traced to its cause: the student's own CUDA call before any step, one between steps,
/// or a later step called first (each later step does the earlier ones' parts on its way). The
/// student's clock reads bracket the step, so a right time is the step's span and a few
/// microseconds more. Plain C++, tested without a GPU (tests/unit/test_start_up_judgement.cpp).
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
  int order = 0;            ///< its first call's place among the steps' calls: 1 first, 0 never
  bool done_before_steps = false; ///< its part already done as the first step called was entered
  double reported_ms = 0;         ///< time_start_up's time of it
  double truth_ms = 0;            ///< its first call's span, by the checker's clock inside it [ms]
};

/// What one fresh process sent back.
struct start_up_process {
  bool ok = false;    ///< it ran to its end and sent every value
  std::string output; ///< its last lines, when it did not
  /// In the order they are to run: each does, on its way, the parts of those before it that are
  /// still to do (the context needs the driver, the cuBLAS handle the context), none of a later's.
  std::vector<start_up_step> steps;
  double call_ms = 0; ///< time_start_up's call, on the checker's clock: no step took longer
  cpu_clock read_cpu_clock = cpu_clock::none; ///< the clock of CPU time its code read, if any
};

/// The outcome over `processes`. Facts first, each a failure on any GPU: a process that stopped,
/// a step run never or more than once, a step whose work a CUDA call made before it had done
/// (the student's own before any step or between steps, or a later step called first: said as
/// such where the process's facts show it, else said as not determined, with what was found).
/// Then each step's time against its span with `tolerance`, at most
/// `allowed_misses` of them off (judge_timing()), said against the step.
check_outcome judge_start_up(const std::vector<start_up_process>& processes,
                             const timing_words& words, time_tolerance tolerance,
                             int allowed_misses);

} // namespace gpucheck
