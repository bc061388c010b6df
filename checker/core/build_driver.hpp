// SPDX-License-Identifier: MIT
// Builds one CMake target of the course's build tree (configuring the tree first if it has never
// been configured). CMake itself decides what is out of date: after an edit to exercise.cu only
// that file is compiled again.
#pragma once

#include "core/compiler_diagnostics.hpp"

#include <chrono>
#include <filesystem>
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

} // namespace gpucheck
