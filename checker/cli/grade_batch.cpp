// SPDX-License-Identifier: MIT
// One submission of a class: found, placed in a grading tree, graded, and its reports written. The
// local batch (grade_command.cpp) and each task of a Slurm batch (grade_slurm.cpp) call these, so
// that both grade and report a submission the same way.
#include "cli/grade_batch.hpp"

#include "analysis/traced_check.hpp"
#include "cli/console_reporter.hpp"

#include "core/exit_codes.hpp"
#include "core/process_runner.hpp"
#include "core/submission_builds.hpp"
#include "core/timing_log.hpp"
#include "messages/messages.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

std::string names_of_cu_files(const std::vector<fs::path>& files) {
  std::string names;
  for (const auto& file : files) {
    names += (names.empty() ? "" : ", ") + file.filename().string();
  }
  return names;
}

// A folder's exercise: its exercise.cu, or else its only .cu file (a student who renamed it still
// gets graded, and the report says which file was used).
void choose_exercise(submission& item) {
  if (fs::is_regular_file(item.source / "exercise.cu")) {
    item.exercise = item.source / "exercise.cu";
    return;
  }
  std::vector<fs::path> cu_files;
  for (const auto& file : fs::directory_iterator(item.source)) {
    if (file.is_regular_file() && file.path().extension() == ".cu") {
      cu_files.push_back(file.path());
    }
  }
  std::sort(cu_files.begin(), cu_files.end());
  if (cu_files.size() == 1) {
    item.exercise = cu_files.front();
    item.note = messages::text("grading.other-cu-checked",
                               {{"file", cu_files.front().filename().string()}});
  } else if (cu_files.empty()) {
    item.problem = messages::text("grading.no-cu");
  } else {
    item.problem = messages::text("grading.several-cu", {{"files", names_of_cu_files(cu_files)}});
  }
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) {
    return text;
  }
  std::string quoted = "\"";
  for (const char c : text) {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

std::string sandbox_column(const check_report& report) {
  if (report.sandbox == "sandboxed") {
    return "yes";
  }
  if (report.sandbox == "not-sandboxed") {
    return "no";
  }
  return report.sandbox == "unavailable" || report.sandbox == "failed" ? "UNAVAILABLE" : "-";
}

} // namespace

std::string quoted_path(const fs::path& path) {
  std::ostringstream text;
  text << path;
  return text.str();
}

std::optional<sandbox_mode> grading_sandbox_mode(bool no_sandbox, bool require_sandbox,
                                                 std::string& error) {
  if (no_sandbox && require_sandbox) {
    error = messages::text("grading.sandbox-options-contradict");
    return std::nullopt;
  }
  return no_sandbox        ? sandbox_mode::off
         : require_sandbox ? sandbox_mode::require
                           : sandbox_mode::prefer;
}

// Every folder and every .cu file in `root` is one student's submission, so that nobody is left
// out of the summary silently. Hidden entries, and the results folder when it lies inside `root`,
// are skipped.
std::vector<submission> find_submissions(const fs::path& root, const fs::path& out) {
  std::vector<submission> found;
  for (const auto& item : fs::directory_iterator(root)) {
    const fs::path& path = item.path();
    const std::string name = path.filename().string();
    if (name.empty() || name.front() == '.' || (fs::exists(out) && fs::equivalent(path, out))) {
      continue;
    }
    if (item.is_directory()) {
      submission folder;
      folder.student = name;
      folder.source = path;
      folder.is_folder = true;
      choose_exercise(folder);
      found.push_back(folder);
    } else if (item.is_regular_file() && path.extension() == ".cu") {
      submission file;
      file.student = path.stem().string();
      file.source = path;
      file.exercise = path;
      found.push_back(file);
    }
  }
  std::sort(found.begin(), found.end(),
            [](const submission& a, const submission& b) { return a.student < b.student; });
  return found;
}

// The submission's files, copied into `slot` (emptied first): its exercise as exercise.cu and, for
// a folder, the other files beside it (headers it may include).
void place_submission(const submission& item, const fs::path& slot) {
  fs::remove_all(slot);
  fs::create_directories(slot);
  if (item.is_folder) {
    for (const auto& file : fs::directory_iterator(item.source)) {
      if (file.is_regular_file()) {
        fs::copy_file(file.path(), slot / file.path().filename());
      }
    }
  }
  fs::copy_file(item.exercise, slot / "exercise.cu", fs::copy_options::overwrite_existing);
  fs::last_write_time(slot / "exercise.cu", fs::file_time_type::clock::now());
}

bool configure_grading_tree(const fs::path& source_dir, const fs::path& tree,
                            const fs::path& slot_exercise, std::string& output) {
  // Configured already for this slot (a tree kept with --tree): CMake configures again by itself
  // at the build if a CMakeLists.txt changed, and a configure costs seconds of CPU.
  if (std::ifstream cache(tree / "CMakeCache.txt"); cache) {
    const std::string wanted = "GPUCOURSE_EXERCISE_OVERRIDE:";
    for (std::string line; std::getline(cache, line);) {
      if (line.rfind(wanted, 0) == 0 && line.size() > slot_exercise.string().size() &&
          line.substr(line.find('=') + 1) == slot_exercise.string()) {
        return true;
      }
    }
  }
  process_options configure;
  configure.argv = {"cmake",
                    "-S",
                    source_dir.string(),
                    "-B",
                    tree.string(),
                    "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                    "-DGPUCOURSE_EXERCISE_OVERRIDE=" + slot_exercise.string()};
  configure.time_limit = std::chrono::minutes(10);
  const process_result configured = run_process(configure);
  output = configured.start_error + configured.output;
  return configured.exited_with(0);
}

unsigned grade_build_jobs() {
  if (const char* jobs = std::getenv("GPUCHECK_GRADE_JOBS"); jobs && std::atoi(jobs) > 0) {
    return static_cast<unsigned>(std::atoi(jobs));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

std::optional<std::vector<std::optional<prebuilt_program>>>
build_submissions_at_once(const std::vector<submission>& items, const lesson_entry& lesson,
                          const fs::path& source_dir, const fs::path& tree, unsigned jobs,
                          std::string& why, const grading_sandbox& sandbox, bool build_course_side,
                          std::optional<std::size_t> only) {
  const std::string base = lesson.target_prefix + "." + lesson.folder;
  if (build_course_side) {
    timed_step building("build", "course side of " + lesson.folder); // GPUCHECK_TIMING_LOG
    const build_outcome course_side = build_target(source_dir, tree, base + ".check-course-side");
    building.done();
    if (!course_side.ok) {
      why = messages::text("grading.course-side-failed") + "\n" + course_side.output;
      return std::nullopt;
    }
  }
  const auto recipe =
      read_check_build_recipe(tree, lesson.exercise_target(false), lesson.check_target(false),
                              tree / "submission" / "exercise.cu", why);
  if (!recipe) {
    return std::nullopt;
  }
  std::vector<submission_build> builds;
  std::vector<std::size_t> built_items;
  for (std::size_t index = 0; index < items.size(); ++index) {
    if (items[index].exercise.empty() || (only && *only != index)) {
      continue;
    }
    // A folder of slots per lesson: batches of several lessons may grade in one tree at once.
    const fs::path slot = tree / "slots" / lesson.folder / std::to_string(index);
    place_submission(items[index], slot);
    // Under TREE/bin, where grade_class.sh looks for what outlived the batch.
    builds.push_back({slot / "exercise.cu",
                      tree / "bin" / "slots" / lesson.folder / std::to_string(index) / "check"});
    built_items.push_back(index);
  }
  std::optional<build_sandbox> compile_sandbox;
  if (sandbox.mode != sandbox_mode::off && probe_sandbox().available) {
    compile_sandbox =
        build_sandbox{probe_sandbox().bwrap, fs::absolute(source_dir), sandbox.hidden};
  }
  timed_step compiling("build", std::to_string(builds.size()) + " submissions of " + lesson.folder);
  const std::vector<build_outcome> outcomes =
      build_submissions(*recipe, builds, jobs, std::chrono::minutes(10), compile_sandbox);
  compiling.done();
  std::vector<std::optional<prebuilt_program>> programs(items.size());
  for (std::size_t at = 0; at < built_items.size(); ++at) {
    programs[built_items[at]] = prebuilt_program{builds[at].program, outcomes[at]};
  }
  return programs;
}

check_report grade_submission(const submission& item, const lesson_entry& lesson,
                              const fs::path& source_dir, const fs::path& tree,
                              double timeout_seconds, const grading_sandbox& sandbox,
                              const std::optional<fs::path>& keep_trace,
                              const std::optional<prebuilt_program>& prebuilt) {
  const fs::path slot = tree / "submission";
  check_settings settings;
  settings.source_dir = source_dir;
  settings.build_dir = tree;
  settings.exercise_override = item.exercise;
  settings.prebuilt = prebuilt;
  settings.sandbox = sandbox.mode;
  settings.sandbox_hidden = sandbox.hidden;
  settings.time_limit = std::chrono::milliseconds(static_cast<long>(timeout_seconds * 1000));
  console_reporter reporter({.say_progress = true, .progress_indent = "  "});
  settings.reporter = &reporter;
  check_report report;
  try {
    if (item.exercise.empty()) {
      report.lesson_folder = lesson.folder;
      report.lesson_title = lesson.title;
      report.verdict = exit_code::build_failed;
      report.headline = item.problem;
      report.advice = messages::text("grading.hand-in-exercise");
    } else {
      if (!prebuilt) {
        place_submission(item, slot);
      }
      analysis::trace_options tracing;
      tracing.keep_trace = keep_trace;
      report = analysis::run_traced_check(lesson, settings, tracing);
      if (!item.note.empty()) {
        report.advice = item.note + (report.advice.empty() ? "" : " " + report.advice);
      }
    }
  } catch (const std::exception& error) {
    report.lesson_folder = lesson.folder;
    report.lesson_title = lesson.title;
    report.verdict = exit_code::crashed;
    report.headline = messages::text("grading.could-not-grade", {{"error", error.what()}});
  }
  if (sandbox.mode == sandbox_mode::off && !item.exercise.empty()) {
    report.sandbox = "not-sandboxed";
  }
  return report;
}

std::string write_student_report(const submission& item, const check_report& report,
                                 const fs::path& out) {
  std::ofstream(out / (item.student + ".json")) << render_json(report);
  std::ofstream(out / (item.student + ".txt")) << render_terminal(report, terminal_style{false});
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", report.build_seconds + report.run_seconds);
  return csv_field(item.student) + "," + exit_code_name(report.verdict) + "," +
         std::to_string(to_int(report.verdict)) + "," + std::to_string(report.passed_count()) +
         "," + std::to_string(report.checks.size()) + "," + seconds + "," + sandbox_column(report);
}

} // namespace gpucheck::cli
