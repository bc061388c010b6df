// SPDX-License-Identifier: MIT
// Many submissions of one lesson compiled at once (gpucheck grade), each on its own, against the
// course's side of the check program built once. The commands are CMake's own for the lesson's
// check target in a configured grading tree (compile_commands.json, and the target's link.txt),
// with the submission's file, object and program put in place of the tree's; where they cannot
// be read (another generator, a path that needs quoting) the batch builds through CMake, one
// submission after another, as before.
#pragma once

#include "core/build_driver.hpp"
#include "core/sandbox.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

struct check_build_recipe {
  std::filesystem::path directory; // where CMake runs the commands (the tree)
  std::string compile_command;     // CMake's, for the tree's exercise
  std::string link_command;        // CMake's, for the tree's check program
  std::string objects_file;        // link_command's response file of objects ("" when none)
  std::string objects_text;        // its content
  std::string source;              // the tree's exercise, as the compile command names it
  std::string object;              // its object, as both commands name it
  std::string program;             // the check program, as the link command names it
};

// The recipe of `exercise_target` (the object library of the exercise) and `program_target` (the
// check program) in `tree`, whose exercise is `source`; nullopt and `why` when it cannot be used.
// With `for_other_files` (gpucheck grade), the commands must be fit to build other files: none
// that writes a dependency file, no path that needs quoting.
std::optional<check_build_recipe>
read_check_build_recipe(const std::filesystem::path& tree, const std::string& exercise_target,
                        const std::string& program_target, const std::filesystem::path& source,
                        std::string& why, bool for_other_files = true);

struct submission_build {
  std::filesystem::path source;  // the submission's exercise.cu (in a slot of its own)
  std::filesystem::path program; // the check program to write; its folder holds the object
};

// Where each compile runs when the submissions are compiled in sandboxes (core/sandbox.hpp): the
// compiler runs no code of the student's, but it reads any file an #include or an .incbin names,
// so each sees the course without its solutions/ and .git, the grading tree without the other
// submissions' copies and programs, its own copy, and writes only its own program's folder.
struct build_sandbox {
  std::string bwrap;
  std::filesystem::path course;
  std::vector<std::filesystem::path> hidden; // the class's folder, the results
};

// Builds every one, `jobs` at a time (one make -j), each with `time_limit`, in a sandbox of its
// own when `sandbox` is given; the outcomes in the same order, as build_target gives them
// (output, first error, seconds).
std::vector<build_outcome> build_submissions(const check_build_recipe& recipe,
                                             const std::vector<submission_build>& builds,
                                             unsigned jobs, std::chrono::seconds time_limit,
                                             const std::optional<build_sandbox>& sandbox = {});

} // namespace gpucheck
