// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck check LESSON [--solution] [--json] [--timeout SECONDS] ...`; returns the exit code.
int run_check_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
