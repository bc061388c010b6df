// SPDX-License-Identifier: MIT
/// @file call_judgement.hpp
/// @brief What lesson 01 says beyond judge_timing() about a timing of one call, judged against
/// the call the checker timed from inside (checkapi/known_call_trial.cuh): a wrong number against
/// that call, the work run more than once, a fresh process that stopped.
///
/// Plain C++, tested without a GPU (tests/unit/test_call_judgement.cpp).
#pragma once

#include "checkapi/timing_trials.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// judge_timing() words a wrong number against work of known duration; these trials are judged
/// against a call the checker timed from inside, until it returned (`until_return`) or until the
/// GPU finished it. Only judge_timing()'s own words on how far off the number is are said again;
/// facts the numbers named (a unit, a run count) keep their own words.
void say_against_the_call(check_outcome& outcome, const std::vector<timing_trial>& trials,
                          const std::string& function, bool until_return);

/// Each function times one call of the work, so it runs it once. One that runs it again (a
/// warm-up inside it) may return a right number and still hide the cold start from every caller:
/// it fails, with the count, on any GPU; `section` is where the lesson says so.
void fail_extra_runs(check_outcome& outcome, const std::vector<timing_trial>& trials,
                     const std::string& function, const std::string& section);

/// A fresh process that stopped before it sent its numbers fails the check, with its last lines
/// (`output`), on any GPU.
void fail_for_stopped_process(check_outcome& outcome, const std::string& function,
                              const std::string& output);

} // namespace gpucheck
