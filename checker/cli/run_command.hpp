// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck run LESSON [--solution] [-- ARGS]`: build the lesson's experiment (main.cu with the
// student's exercise.cu) and run it, its output straight to the terminal.
int run_run_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
