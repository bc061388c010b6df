// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck list`: one line per lesson, "NN-slug<TAB>title". Used by the Makefile too.
int run_list_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
