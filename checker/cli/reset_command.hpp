// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck reset LESSON [--from REV]`: puts the starter exercise.cu back, as committed in git
// (HEAD, or REV), after saving the student's version in .gpucheck/backups/NN-slug/.
int run_reset_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
