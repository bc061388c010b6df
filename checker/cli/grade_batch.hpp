// SPDX-License-Identifier: MIT
// What the local batch (`gpucheck grade`) and the Slurm batch (grade_slurm) share: finding the
// submissions, grading one in a grading tree, and writing its reports and its CSV row.
#pragma once

#include "core/check_runner.hpp"
#include "core/lesson_catalog.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::cli {

// The sandbox every submission's compile and check program runs in (core/sandbox.hpp): grade's
// default is `prefer`; --no-sandbox is `off`, --require-sandbox `require`. `hidden` are the class's
// folder and the results, which no submission may see.
struct grading_sandbox {
  sandbox_mode mode = sandbox_mode::prefer;
  std::vector<std::filesystem::path> hidden;
};

// A path as `operator<<` writes it, in quotes: the grading messages name folders so.
std::string quoted_path(const std::filesystem::path& path);

// Reads --no-sandbox and --require-sandbox (both: a usage error, nullopt and `error`).
std::optional<sandbox_mode> grading_sandbox_mode(bool no_sandbox, bool require_sandbox,
                                                 std::string& error);

struct submission {
  std::string student;          // the folder's name, or the file's name without .cu
  std::filesystem::path source; // the folder, or the .cu file
  bool is_folder = false;
  std::filesystem::path exercise; // the file compiled as exercise.cu; empty when none was chosen
  std::string problem;            // why the submission cannot be built, when exercise is empty
  std::string note;               // said in the report when the file is not named exercise.cu
};

// Every folder and every .cu file in `root`, sorted by student (hidden entries and `out` skipped).
std::vector<submission> find_submissions(const std::filesystem::path& root,
                                         const std::filesystem::path& out);

// Copies the submission's files into `slot` (emptied first), its exercise as exercise.cu.
void place_submission(const submission& item, const std::filesystem::path& slot);

// Configures the grading tree `tree` with the exercise override `slot_exercise`.
bool configure_grading_tree(const std::filesystem::path& source_dir,
                            const std::filesystem::path& tree,
                            const std::filesystem::path& slot_exercise, std::string& output);

// Builds the check program of each submission of `items` in the configured `tree` before any is
// graded: the course's side of it once (the lesson's check-course-side target), then every
// submission, `jobs` at a time, copied into a slot of its own (TREE/slots/LESSON/I) and linked
// into a program of its own (TREE/bin/slots/LESSON/I/check). One entry per item, in order (none for
// an item without an exercise); nullopt, and `why`, where the tree's commands cannot be used, so
// that the batch builds one submission after another through CMake instead. A Slurm task builds
// `only` its own item, in a tree whose course side was built already (build_course_side false).
using prebuilt_program = check_settings::prebuilt_program;
std::optional<std::vector<std::optional<prebuilt_program>>>
build_submissions_at_once(const std::vector<submission>& items, const lesson_entry& lesson,
                          const std::filesystem::path& source_dir,
                          const std::filesystem::path& tree, unsigned jobs, std::string& why,
                          const grading_sandbox& sandbox, bool build_course_side = true,
                          std::optional<std::size_t> only = std::nullopt);

// How many submissions to compile at once: GPUCHECK_GRADE_JOBS, else one per core.
unsigned grade_build_jobs();

// Grades one submission in the configured `tree` (its slot is TREE/submission, or `prebuilt`
// when build_submissions_at_once built it): never throws. A failed check's why comes from a
// traced replay (analysis/traced_check.hpp); `keep_trace`, when given, keeps that trace with its
// lines (a fixture for the rules: grade --keep-traces). Its check program runs in `sandbox`.
check_report grade_submission(const submission& item, const lesson_entry& lesson,
                              const std::filesystem::path& source_dir,
                              const std::filesystem::path& tree, double timeout_seconds,
                              const grading_sandbox& sandbox,
                              const std::optional<std::filesystem::path>& keep_trace = {},
                              const std::optional<prebuilt_program>& prebuilt = {});

// Writes OUT/STUDENT.json and OUT/STUDENT.txt; returns the student's CSV row (no newline).
std::string write_student_report(const submission& item, const check_report& report,
                                 const std::filesystem::path& out);

// sandbox: yes, no (--no-sandbox), UNAVAILABLE (it could not start: the code ran unsandboxed),
// or - (nothing of the submission's ran).
inline constexpr const char* csv_header =
    "student,verdict,exit_code,checks_passed,checks_total,seconds,sandbox";

} // namespace gpucheck::cli
