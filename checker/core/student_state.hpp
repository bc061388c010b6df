// SPDX-License-Identifier: MIT
// Progress a student keeps between commands, in one small JSON file inside the repository, ignored
// by git (.gpucheck/state.json): how many hints of each lesson were shown, and the last check of
// each lesson (its verdict, when, and a hash of exercise.cu as it was then, so that `gpucheck
// status` can tell "passed" from "passed earlier, changed since"). Only checks of the student's
// own exercise.cu are recorded, never of the reference (--solution).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace gpucheck {

struct check_record {
  std::string verdict;       // exit_code_name() of the verdict: "pass", "fail", "no-device", ...
  std::string checked_at;    // when, ISO 8601 in UTC ("2025-03-01T14:03:07Z")
  std::string exercise_hash; // content_hash() of exercise.cu as it was checked
};

class student_state {
public:
  // Reads the file; a missing or damaged file is an empty state (never an error: it is a cache of
  // progress, and losing it only means hints start again and lessons show as not started).
  // `damaged` (when given) is set when the file exists but could not be read as a state.
  static student_state load(const std::filesystem::path& file, bool* damaged = nullptr);
  // Writes atomically (a temporary file renamed over the old one).
  bool save(const std::filesystem::path& file) const;

  int hints_shown(const std::string& lesson) const;
  void set_hints_shown(const std::string& lesson, int count);

  std::optional<check_record> last_check(const std::string& lesson) const;
  void record_check(const std::string& lesson, const check_record& record);

private:
  std::map<std::string, int> m_hints_shown;
  std::map<std::string, check_record> m_checks;
};

} // namespace gpucheck
