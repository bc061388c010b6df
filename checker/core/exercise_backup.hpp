// SPDX-License-Identifier: MIT
// `gpucheck reset`'s file work: put the starter back in place of the student's exercise.cu,
// after copying the student's version into a backup folder under a name that no earlier backup
// has (exercise.cu.20250301-140307, then exercise.cu.20250301-140307.2, ...). Nothing is lost:
// the backup is written and read back before the exercise is replaced, and a backup is never
// overwritten.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace gpucheck {

// "exercise.cu.20250301-140307" (local time; `sequence` > 1 appends ".2", ".3", ...).
std::string backup_file_name(const std::string& file_name,
                             std::chrono::system_clock::time_point when, int sequence = 1);

struct reset_outcome {
  bool ok = false;
  bool already_starter = false; // the file was the starter already: nothing was changed
  std::filesystem::path backup; // where the student's version went (empty when none was made)
  std::string error;            // why nothing was changed, when !ok
};

// Backs `exercise` up into `backup_dir` (when it exists and differs from `starter_text`), then
// replaces it with `starter_text` (atomically: a temporary file renamed over it).
reset_outcome restore_starter(const std::filesystem::path& exercise,
                              const std::string& starter_text,
                              const std::filesystem::path& backup_dir,
                              std::chrono::system_clock::time_point now);

} // namespace gpucheck
