// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck hint LESSON [--all]`: the lesson's hints (from lesson.md's front matter) one more at
// each call, remembered in .gpucheck/state.json; --all shows every hint.
int run_hint_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
