// SPDX-License-Identifier: MIT
// `gpucheck check`: build a lesson's check program, run it with a time limit, and turn the build,
// the run and the check results into one check_report with a verdict.
#pragma once

#include "core/check_report.hpp"
#include "core/lesson_catalog.hpp"

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck {

struct check_settings {
  std::filesystem::path source_dir;
  std::filesystem::path build_dir;
  bool solution = false;
  std::chrono::milliseconds time_limit{60'000};
  std::vector<std::pair<std::string, std::string>> environment; // extra, for the check program
};

check_report run_check(const lesson_entry& lesson, const check_settings& settings);

// Keeps the last `max_lines` lines of a program's output (what a student needs to see of it).
std::string last_lines(const std::string& text, int max_lines);

} // namespace gpucheck
