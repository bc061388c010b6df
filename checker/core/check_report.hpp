// SPDX-License-Identifier: MIT
// The result model of one `gpucheck check`: everything the renderers (terminal, JSON, ...) show.
// Built by check_runner from the build, the run and the check program's results; renderers see
// nothing else.
#pragma once

#include "core/compiler_diagnostics.hpp"
#include "core/exit_codes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

struct check_item {
  std::string name;
  bool passed = false;
  std::string expected;
  std::string measured;
  std::string message;
  std::string hint;
  std::string rule;
  std::string lesson_section;
  bool noise_could_explain = true; // a disturbed GPU could have caused this failure (check.cuh)
};

struct check_report {
  std::string lesson_folder;
  std::string lesson_title;
  bool solution = false;
  std::string exercise_file; // the file the student edits (or the reference)

  exit_code verdict = exit_code::pass;
  std::string headline; // the verdict in one sentence: the first line the student reads
  std::string advice;   // what to do next, when there is one thing to say

  std::optional<compiler_error> build_error;
  std::string build_output_tail; // when the build failed and no error line could be found
  std::vector<check_item> checks;
  std::string program_output_tail; // when the program crashed or stopped early
  bool program_output_truncated = false;
  std::vector<std::string> noise_reasons;      // why timings may not be trusted (noise_judgement)
  std::vector<std::string> sanitizer_findings; // compute-sanitizer's errors, one line each
  std::vector<std::string> sanitizer_tools;    // the tools run (--sanitize); empty: none
  int forged_lines = 0; // results lines that this run's checks did not write (ignored)

  std::string device;
  std::string seed; // GPUCHECK_SEED=<seed> replays the run's random draws
  double build_seconds = 0;
  double run_seconds = 0;
  std::string timeline_path;

  int passed_count() const;
  int failed_count() const;
};

} // namespace gpucheck
