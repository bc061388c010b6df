// SPDX-License-Identifier: MIT
/// @file check.cuh
/// @brief The check API: everything a lesson's check.cu includes.
///
/// A check is a doctest test case. GPU checks are declared with GPU_TEST_CASE so that they are
/// skipped (and the program exits 77) on a machine without a CUDA device. Each check reports its
/// outcome with gpucheck::report(), which tells the student what was expected, what was measured
/// and what to do, and returns whether it passed (wrap it in doctest's CHECK).
#pragma once

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/device_probe.hpp"
#include "checkapi/judge.hpp"
#include "checkapi/known_duration_work.cuh"
#include "checkapi/known_work_trial.cuh"
#include "checkapi/non_finite.hpp"
#include "checkapi/number_slip.hpp"
#include "checkapi/random_draw.hpp"
#include "checkapi/results_channel.hpp"
#include "checkapi/say.hpp"
#include "checkapi/timing_noise.hpp"
#include "checkapi/timing_trials.hpp"
#include "checkapi/work_runs.hpp"

#include <doctest/doctest.h>

/// A check that needs a CUDA device; skipped where there is none.
#define GPU_TEST_CASE(name) TEST_CASE(name* doctest::test_suite("gpu"))
