// SPDX-License-Identifier: MIT
// A class at once. Each submission (a folder holding exercise.cu, or a single .cu file) is copied
// into a grading build tree of its own, outside the course's lessons/ and the student's folder:
// OUT/.build (or the --tree given), a CMake tree of the course configured once with
// GPUCOURSE_EXERCISE_OVERRIDE pointing at TREE/submission/exercise.cu, so that the lesson's check
// target compiles the copy in place of lessons/NN/exercise.cu. Nothing the student handed in is
// modified, and a submission that does not build, hangs or crashes is judged and the batch goes on.
// Each check runs under the GPU lock (one timing at a time) with its own time limit.
#include "cli/grade_command.hpp"

#include "analysis/traced_check.hpp"
#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "core/process_runner.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

struct submission {
  std::string student; // the folder's name, or the file's name without .cu
  fs::path source;     // the folder, or the .cu file
  bool is_folder = false;
  fs::path exercise;   // the file compiled as exercise.cu; empty when none could be chosen
  std::string problem; // why the submission cannot be built, when exercise is empty
  std::string note;    // said in the report when the file is not named exercise.cu
};

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
    item.note = "There is no exercise.cu in this submission; its only .cu file, " +
                cu_files.front().filename().string() + ", was checked in its place.";
  } else if (cu_files.empty()) {
    item.problem = "There is no exercise.cu in this submission (and no other .cu file).";
  } else {
    item.problem = "There is no exercise.cu in this submission, and it holds several .cu files (" +
                   names_of_cu_files(cu_files) + "): which one to check is not clear.";
  }
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

} // namespace

int run_grade_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed = parse_arguments(
      arguments, {"lesson", "csv", "out", "timeout", "tree", "source-dir", "build-dir"},
      {"fixtures", "keep-traces"});
  if (!parsed.error.empty() || parsed.positional.size() != 1 || !parsed.value("lesson")) {
    std::cerr << "gpucheck grade: "
              << (parsed.error.empty() ? "name one folder of submissions and --lesson N"
                                       : parsed.error)
              << "\nusage: gpucheck grade SUBMISSIONS_DIR --lesson N [--csv FILE] [--out DIR] "
                 "[--timeout SECONDS] [--tree DIR]\n";
    return to_int(exit_code::usage);
  }
  const fs::path submissions_dir = parsed.positional[0];
  if (!fs::is_directory(submissions_dir)) {
    std::cerr << "gpucheck grade: " << submissions_dir << " is not a folder\n";
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const auto lesson = paths.catalog().resolve(*parsed.value("lesson"));
  if (!lesson) {
    std::cerr << "gpucheck grade: there is no lesson '" << *parsed.value("lesson") << "'.\n"
              << paths.catalog().describe_choices() << "\n";
    return to_int(exit_code::usage);
  }
  double timeout_seconds = 60;
  if (const auto timeout = parsed.value("timeout")) {
    char* end = nullptr;
    timeout_seconds = std::strtod(timeout->c_str(), &end);
    if (end == timeout->c_str() || *end != '\0' || timeout_seconds <= 0) {
      std::cerr << "gpucheck grade: --timeout takes a number of seconds > 0\n";
      return to_int(exit_code::usage);
    }
  }
  const fs::path out = fs::absolute(parsed.value("out").value_or("grade-results"));
  // The grading tree: OUT/.build, or one kept between batches (--tree), so that the next batch
  // compiles the submissions and not the checker's own code again.
  const fs::path tree = fs::absolute(parsed.value("tree").value_or((out / ".build").string()));
  const fs::path slot = tree / "submission";
  fs::create_directories(out);

  const auto submissions = find_submissions(submissions_dir, out);
  const auto buildable =
      std::find_if(submissions.begin(), submissions.end(),
                   [](const submission& item) { return !item.exercise.empty(); });
  if (buildable == submissions.end()) {
    std::cerr << "gpucheck grade: no submissions in " << submissions_dir
              << " (folders holding exercise.cu, or .cu files)\n";
    return to_int(exit_code::usage);
  }
  place_submission(*buildable, slot); // the tree needs the file to exist to configure
  std::cout << "Grading " << submissions.size() << " submission(s) of lesson " << lesson->folder
            << " into " << out.string() << std::endl;
  std::string configure_output;
  if (!configure_grading_tree(paths.source_dir, tree, slot / "exercise.cu", configure_output)) {
    std::cerr << configure_output << "\ngpucheck grade: the grading build tree " << tree
              << " could not be configured (output above)\n";
    return to_int(exit_code::build_failed);
  }

  const std::string csv_path = parsed.value("csv").value_or((out / "summary.csv").string());
  std::ofstream csv(csv_path);
  csv << "student,verdict,exit_code,checks_passed,checks_total,seconds\n";
  for (const auto& item : submissions) {
    check_settings settings;
    settings.source_dir = paths.source_dir;
    settings.build_dir = tree;
    settings.exercise_override = item.exercise;
    settings.time_limit = std::chrono::milliseconds(static_cast<long>(timeout_seconds * 1000));
    settings.notice = [&](const std::string& text) { std::cerr << "  " << text << std::endl; };
    check_report report;
    try {
      if (item.exercise.empty()) {
        report.lesson_folder = lesson->folder;
        report.lesson_title = lesson->title;
        report.verdict = exit_code::build_failed;
        report.headline = item.problem;
        report.advice = "Hand in the lesson's exercise.cu, under that name.";
      } else {
        place_submission(item, slot);
        analysis::trace_options tracing;
        if (parsed.flag("keep-traces")) // the trace, with its lines: a fixture for the rules
          tracing.keep_trace = fs::absolute(out / (item.student + ".trace.jsonl"));
        report = analysis::run_traced_check(*lesson, settings, tracing);
        if (!item.note.empty()) {
          report.advice = item.note + (report.advice.empty() ? "" : " " + report.advice);
        }
      }
    } catch (const std::exception& error) {
      report.lesson_folder = lesson->folder;
      report.lesson_title = lesson->title;
      report.verdict = exit_code::crashed;
      report.headline = std::string("gpucheck could not grade this submission: ") + error.what();
    }
    std::ofstream(out / (item.student + ".json")) << render_json(report);
    std::ofstream(out / (item.student + ".txt")) << render_terminal(report, terminal_style{false});
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", report.build_seconds + report.run_seconds);
    csv << csv_field(item.student) << "," << exit_code_name(report.verdict) << ","
        << to_int(report.verdict) << "," << report.passed_count() << "," << report.checks.size()
        << "," << seconds << "\n";
    csv.flush();
    std::cout << "  " << item.student << ": " << exit_code_name(report.verdict) << " ("
              << to_int(report.verdict) << ") " << report.headline << std::endl;
  }
  std::cout << "Summary: " << csv_path << "; one report per student (.json, .txt) in "
            << out.string() << std::endl;
  return 0;
}

} // namespace gpucheck::cli
