// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck grade SUBMISSIONS_DIR --lesson N [--csv FILE] [--out DIR] [--timeout SECONDS]`: checks
// every submission of a class, one after the other; returns the exit code (0 when every
// submission was graded, whatever its verdict).
int run_grade_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
