// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

namespace gpucheck::cli {

// `gpucheck status`: every lesson with its number, title, state (not started, failing, built but
// not run, passed, passed earlier but changed since) and when it was last checked, from the state
// file; then the lesson to do next.
int run_status_command(const std::vector<std::string>& arguments);

} // namespace gpucheck::cli
