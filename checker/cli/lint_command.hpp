// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck lint FILE.cu [-- ARGS]` (builds it first) and `gpucheck lint -- PROGRAM [ARGS]`: run
// the program under the tracer and report the timing-method findings of every interval it timed.
// Exit: 0 no finding, 1 findings, 3 build failed, 4 crashed or timed out, 77 no CUDA device.
int run_lint_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
