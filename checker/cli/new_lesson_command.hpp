// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck new-lesson NUM SLUG`: writes the scaffold of lessons/NN-slug/ and solutions/NN-slug/
// (core/lesson_scaffold). Refuses when a lesson with that number or folder exists; never
// overwrites a file.
int run_new_lesson_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
