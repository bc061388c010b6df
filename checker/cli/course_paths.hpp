// SPDX-License-Identifier: MIT
// Where the course lives: its source tree and build tree (compiled in, overridable with
// --source-dir and --build-dir), and which lessons a command works on (the course's own, or with
// --fixtures the checker's test lessons).
#pragma once

#include "cli/command_line.hpp"
#include "core/lesson_catalog.hpp"

#include <filesystem>

namespace gpucheck::cli {

struct course_paths {
  std::filesystem::path source_dir;
  std::filesystem::path build_dir;
  bool fixtures = false;

  lesson_catalog catalog() const;
};

course_paths find_course_paths(const parsed_arguments& arguments);

// When the exercise file that `command` would build (the student's, or the reference with
// `solution`) does not exist, says so on stderr, with how to get the starter back, and returns
// true; false when it is there.
bool report_missing_exercise(const lesson_entry& lesson, bool solution, const std::string& command,
                             const std::filesystem::path& source_dir);

} // namespace gpucheck::cli
