// SPDX-License-Identifier: MIT
// Where the student's progress file is (--state-file, else GPUCHECK_STATE_FILE, else
// <source>/.gpucheck/state.json), and recording a check's verdict in it.
#pragma once

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "core/check_report.hpp"
#include "core/lesson_catalog.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace gpucheck::cli {

std::filesystem::path state_file_path(const parsed_arguments& parsed, const course_paths& paths);

// The state file that a check should record into: state_file_path(), except with --fixtures and
// no file named explicitly (the checker's own test lessons never go into a student's progress).
std::optional<std::filesystem::path> recording_state_file(const parsed_arguments& parsed,
                                                          const course_paths& paths);

// The lesson `gpucheck check` with no LESSON checks: the first not passed yet (said on stderr).
// nullopt, after saying so, when every lesson has passed.
std::optional<lesson_entry> choose_next_lesson(const lesson_catalog& catalog,
                                               const std::filesystem::path& state_file);

// Records the verdict of a check of the student's exercise.cu (a check of the reference is not
// recorded). Made before the check, so that the hash is of the file that was built (a save during
// the check then shows as "changed since"). Says so on stderr when the file cannot be written;
// never fails the check.
class check_recorder {
public:
  check_recorder(const lesson_entry& lesson, std::optional<std::filesystem::path> state_file);
  void record(const check_report& report) const;

private:
  std::string m_lesson_folder;
  std::optional<std::filesystem::path> m_state_file;
  std::string m_exercise_hash;
};

} // namespace gpucheck::cli
