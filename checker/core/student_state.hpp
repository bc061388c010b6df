// SPDX-License-Identifier: MIT
// Progress a student keeps between commands (how many hints of each lesson were shown), in one
// small JSON file inside the repository, ignored by git (.gpucheck/state.json).
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace gpucheck {

class student_state {
public:
  // Reads the file; a missing or damaged file is an empty state (never an error: it is a cache of
  // progress, and losing it only means hints start again).
  static student_state load(const std::filesystem::path& file);
  // Writes atomically (a temporary file renamed over the old one).
  bool save(const std::filesystem::path& file) const;

  int hints_shown(const std::string& lesson) const;
  void set_hints_shown(const std::string& lesson, int count);

private:
  std::map<std::string, int> m_hints_shown;
};

} // namespace gpucheck
