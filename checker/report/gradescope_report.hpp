// SPDX-License-Identifier: MIT
// The check verdict as Gradescope's autograder results.json (`gpucheck check N --gradescope
// FILE`): a top-level "score", "execution_time", "output", "visibility", "stdout_visibility" and
// "tests", each test with "name", "score", "max_score", "status", "output" and "visibility". One
// point per check. A run that did not get as far as its checks (did not build, crashed, no GPU,
// inconclusive) scores 0 and adds a test "gpucheck verdict" that says why, so that the student
// sees the same sentence as in the terminal.
#pragma once

#include "core/check_report.hpp"

#include <string>

namespace gpucheck {

std::string render_gradescope(const check_report& report);

} // namespace gpucheck
