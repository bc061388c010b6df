// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck selftest [LESSON...] [--static-only]`: for lesson authors. Every lesson's front matter,
// anchors, starter and solution files (static, lesson_validation), then every starter must build
// and fail its checks (exit 1) and every solution must pass (exit 0); where there is no GPU, 77 is
// accepted for both and said. Exit 0 all good, 1 a problem, 77 all good as far as this machine can
// tell (some checks were built but not run).
int run_selftest_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
