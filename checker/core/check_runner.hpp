// SPDX-License-Identifier: MIT
// `gpucheck check`: build a lesson's check program, run it with a time limit, and turn the build,
// the run and the check results into one check_report with a verdict.
#pragma once

#include "core/build_driver.hpp"
#include "core/check_report.hpp"
#include "core/lesson_catalog.hpp"
#include "core/progress_reporter.hpp"
#include "core/sandbox.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck {

struct check_settings {
  std::filesystem::path source_dir;
  std::filesystem::path build_dir;
  bool solution = false;
  // The starter as committed in git (the course's own tests: cmake/Lessons.cmake's `starter`
  // targets), whatever the student's exercise.cu holds now.
  bool starter = false;
  std::chrono::milliseconds time_limit{60'000};
  std::vector<std::pair<std::string, std::string>> environment; // extra, for the check program
  std::vector<std::string> program_arguments; // after the program's name (doctest's options)
  std::filesystem::path exercise_override;    // grade: the submission built in place of exercise.cu
  bool sanitize = false; // run under compute-sanitizer (the lesson's tools) as well
  bool lock_gpu = true;  // one check at a time on one GPU (core/gpu_lock.hpp)
  bool watch_gpu = true; // read the GPU's conditions through NVML before and after
  // Told of the build and of the wait for the GPU ("waiting for another check on this GPU...");
  // never null. The command's own, or quiet_reporter().
  progress_reporter* reporter = &quiet_reporter();
  // Built already (grade builds a class's submissions at once: core/submission_builds.hpp; the
  // traced replay runs the program the verdict's run ran): run this program, judged by this
  // build, instead of building the lesson's check target.
  struct prebuilt_program {
    std::filesystem::path program;
    build_outcome built;
  };
  std::optional<prebuilt_program> prebuilt;
  // The check program's sandbox (core/sandbox.hpp, docs/grading-security.md): whether it runs in
  // one, and what it must not see there besides the course's solutions/ and .git and the build
  // tree (grade: the class's folder and the results).
  sandbox_mode sandbox = sandbox_mode::off;
  std::vector<std::filesystem::path> sandbox_hidden;
};

// Builds the lesson's check program (by the check build shortcut when only the exercise changed,
// else through CMake), or takes settings.prebuilt when it is set: the program and its build, for
// run_check's settings.prebuilt.
check_settings::prebuilt_program build_check(const lesson_entry& lesson,
                                             const check_settings& settings);

// Runs the check program (built first, unless settings.prebuilt) and judges the run.
check_report run_check(const lesson_entry& lesson, const check_settings& settings);

// The exercise `settings` asks for: the student's, the reference, or the starter as committed.
exercise_variant variant_of(const check_settings& settings);
// That exercise's file: for the starter, its copy in the build tree (tools/course-as-committed.sh).
std::filesystem::path exercise_file_of(const lesson_entry& lesson, const check_settings& settings);

// Keeps the last `max_lines` lines of a program's output (what a student needs to see of it).
std::string last_lines(const std::string& text, int max_lines);

} // namespace gpucheck
