// SPDX-License-Identifier: MIT
// Builds one CMake target of the course's build tree (configuring the tree first if it has never
// been configured). CMake itself decides what is out of date: after an edit to exercise.cu only
// that file is compiled again.
#pragma once

#include "core/compiler_diagnostics.hpp"

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace gpucheck {

struct build_outcome {
  bool ok = false;
  std::string output;
  std::optional<compiler_error> first_error;
  double seconds = 0;
};

build_outcome build_target(const std::filesystem::path& source_dir,
                           const std::filesystem::path& build_dir, const std::string& target,
                           std::chrono::milliseconds time_limit = std::chrono::minutes(10));

// Fills outcome.first_error from a failed build's output, and places it in its source file.
void find_build_error(build_outcome& outcome);

// Told when each build_target starts and ends, so that a command can say what it is doing while a
// build runs (gpucheck check: "compiling ..."). None unless a command sets one; one per process.
struct build_observer {
  std::function<void(const std::string& target)> started;
  std::function<void(const std::string& target, const build_outcome& outcome)> finished;
};
void set_build_observer(build_observer observer);
// The observer set now (a build made by other means than build_target tells it too).
build_observer current_build_observer();
// Sets `observer` and returns the one it replaces (a step that builds again quietly, then puts
// the command's observer back).
build_observer exchange_build_observer(build_observer observer);

} // namespace gpucheck
