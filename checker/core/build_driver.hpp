// SPDX-License-Identifier: MIT
// Builds one CMake target of the course's build tree (configuring the tree first if it has never
// been configured). CMake itself decides what is out of date: after an edit to exercise.cu only
// that file is compiled again.
#pragma once

#include "core/compiler_diagnostics.hpp"
#include "core/progress_reporter.hpp"

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

// `reporter` is told when the build starts and ends (gpucheck check: "compiling ...").
build_outcome build_target(const std::filesystem::path& source_dir,
                           const std::filesystem::path& build_dir, const std::string& target,
                           progress_reporter& reporter = quiet_reporter(),
                           std::chrono::milliseconds time_limit = std::chrono::minutes(10));

// Fills outcome.first_error from a failed build's output, and places it in its source file.
void find_build_error(build_outcome& outcome);

// Whether the first error names a file that is not there: parallel compilers wrote into the middle
// of its line. build_target then builds once more on one core, for whole lines.
bool error_path_lost(const build_outcome& outcome);

// Places an error whose file is still no file (lost even after the serial rebuild) in the
// student's exercise file, when the names match: seen as a flaky "exercise.cu:9" with nvcc's raw
// excerpt under a parallel make test, where line 8 is meant. Any other error is left as it is.
void place_in_exercise(compiler_error& error, const std::filesystem::path& exercise_file);

} // namespace gpucheck
