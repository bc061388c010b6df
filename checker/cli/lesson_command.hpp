// SPDX-License-Identifier: MIT
// The start that every command on one lesson shares (check, watch, hint, run, reset): its command
// line parsed, the course found, the lesson named resolved; a usage error said once, here, with
// the command's synopsis (cli/usage.hpp).
#pragma once

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_catalog.hpp"

#include <set>
#include <string>
#include <variant>
#include <vector>

namespace gpucheck::cli {

struct lesson_command_line {
  std::string command;                 // "check"
  std::set<std::string> value_options; // beside --source-dir and --build-dir
  std::set<std::string> flag_options;  // beside --fixtures
  bool next_when_unnamed = false;      // check: no LESSON checks the first one not passed yet
};

struct lesson_command_start {
  parsed_arguments parsed;
  course_paths paths;
  lesson_entry lesson;
};

// The command's start, or the exit code it ends with: usage (said on stderr, with the lessons
// there are when the one named is not one of them), or pass when no lesson was named, the command
// takes the next one, and every lesson has passed (said by choose_next_lesson).
std::variant<lesson_command_start, exit_code>
start_lesson_command(const std::vector<std::string>& arguments, const lesson_command_line& line);

} // namespace gpucheck::cli
