// SPDX-License-Identifier: MIT
// The student's edit-to-verdict loop changes one file, the exercise. Building the check program
// through CMake then costs, besides the compilation, make's walk through every target the program
// depends on (about half a second, issue 19). The shortcut runs CMake's own two commands instead,
// read from the tree (compile_commands.json, the program's link.txt): the exercise's compilation
// and the program's link. It is taken only when a build of the same program through CMake has
// succeeded before (its stamp) and nothing else the program is built from is newer than that
// build: no file of the lesson's folder (or the solution's) but the exercise, none of
// lessons/common, checker/, cmake/, CMakeLists.txt or the tree's CMakeCache.txt, and no object or
// library of the link. Otherwise, or when a command cannot be read, the caller builds through
// CMake as before, and leaves the stamp when that build succeeds.
#pragma once

#include "core/build_driver.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace gpucheck {

struct check_build_request {
  std::filesystem::path source_dir; // the course's root
  std::filesystem::path build_dir;  // its configured CMake tree
  std::filesystem::path lesson_dir; // the lesson's folder (lessons/NN-slug)
  std::filesystem::path exercise;   // the exercise the program is built from
  std::string exercise_target;      // the exercise's object library (lesson.NN-slug.exercise)
  std::string program_target;       // the check program (lesson.NN-slug.check)
};

// Where a build through CMake of request.program_target leaves its stamp.
std::filesystem::path check_build_stamp(const check_build_request& request);

// The first input other than the exercise that is newer than `stamp_time`, or "" when there is
// none. Hidden files and editors' backups (name~) are not inputs.
std::string newer_input(const check_build_request& request,
                        std::filesystem::file_time_type stamp_time);

// The program built with CMake's own commands, when the shortcut applies (see the top of this
// file); nullopt when it does not, and the caller builds through CMake. `reporter` is told when
// a build starts and ends, as by build_target.
std::optional<build_outcome>
build_check_by_shortcut(const check_build_request& request, std::chrono::milliseconds time_limit,
                        progress_reporter& reporter = quiet_reporter());

// After a build through CMake that succeeded: the stamp, dated `started` (when that build began,
// so that a file saved while it ran counts as newer).
void leave_check_build_stamp(const check_build_request& request,
                             std::filesystem::file_time_type started);

} // namespace gpucheck
