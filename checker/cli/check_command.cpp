// SPDX-License-Identifier: MIT
#include "cli/check_command.hpp"

#include "analysis/traced_check.hpp"
#include "cli/check_outputs.hpp"
#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/progress_state.hpp"
#include "cli/usage.hpp"
#include "core/build_driver.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "messages/messages.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

// The first build of a lesson's check program, measured (issue 47) on a 2-core machine: lesson
// 04's check target in a fresh build folder without a compiler cache (CCACHE_DISABLE=1), the
// check API included, -j 2: 62.6 s user + 17.3 s sys of CPU; nvcc compiles each file for three
// architectures in one process, so two cores overlap little of it: about 1.5 min on idle cores
// (215 s of wall time there beside other builds, load average 13). A student's report of the
// same step: 93 s. Later lessons reuse the check API and take less.
constexpr const char* first_check_build_minutes = "1.5";

} // namespace

int run_check_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed =
      parse_arguments(arguments,
                      {"timeout", "json-file", "source-dir", "build-dir", "timeline", "state-file",
                       "junit", "gradescope", "keep-trace"},
                      {"solution", "starter", "json", "fixtures", "sanitize"});
  if (!parsed.error.empty() || parsed.positional.size() > 1) {
    std::cerr << "gpucheck check: " << (parsed.error.empty() ? "name one lesson" : parsed.error)
              << "\n"
              << command_synopsis("check");
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const lesson_catalog catalog = paths.catalog();
  const auto lesson = parsed.positional.empty() // the first lesson not passed yet
                          ? choose_next_lesson(catalog, state_file_path(parsed, paths))
                          : catalog.resolve(parsed.positional[0]);
  if (!lesson && parsed.positional.empty()) {
    return to_int(exit_code::pass); // every lesson has passed
  }
  if (!lesson) {
    std::cerr << messages::text("error.no-lesson",
                                {{"command", "check"}, {"name", parsed.positional[0]}})
              << "\n"
              << catalog.describe_choices() << "\n";
    return to_int(exit_code::usage);
  }

  if (!parsed.flag("starter") &&
      report_missing_exercise(*lesson, parsed.flag("solution"), "check", paths.source_dir)) {
    return to_int(exit_code::build_failed);
  }

  check_settings settings;
  settings.source_dir = paths.source_dir;
  settings.build_dir = paths.build_dir;
  settings.solution = parsed.flag("solution");
  settings.starter =
      parsed.flag("starter") && !settings.solution && lesson->target_prefix == "lesson";
  settings.sanitize = parsed.flag("sanitize");
  settings.notice = [](const std::string& text) { std::cerr << text << std::endl; };
  const std::string timeout = parsed.value("timeout").value_or(
      std::getenv("GPUCHECK_TIMEOUT") ? std::getenv("GPUCHECK_TIMEOUT") : "60");
  char* end = nullptr;
  const double timeout_seconds = std::strtod(timeout.c_str(), &end);
  if (end == timeout.c_str() || *end != '\0' || timeout_seconds <= 0) {
    std::cerr << "gpucheck check: --timeout takes a number of seconds > 0, not '" << timeout
              << "'\n";
    return to_int(exit_code::usage);
  }
  settings.time_limit = std::chrono::milliseconds(static_cast<long>(timeout_seconds * 1000));

  if (!parsed.flag("json")) {
    std::cout << messages::text(settings.solution ? "progress.checking-solution"
                                                  : "progress.checking",
                                {{"folder", lesson->folder}})
              << std::endl;
  }
  if (!parsed.flag("json")) { // each step that can take a while says so before it starts
    const bool solution = settings.solution;
    // The first build of a lesson's check program compiles the check API and check.cu with nvcc
    // (minutes); later ones compile exercise.cu alone (seconds). Only the first says how long.
    const char* program = settings.starter    ? "check-starter"
                          : settings.solution ? "check-solution"
                                              : "check";
    const bool first_build =
        !fs::exists(paths.build_dir / "bin" / lesson->target_prefix / lesson->folder / program);
    set_build_observer({[solution, first_build](const std::string&) {
                          std::cout << messages::text(solution ? "progress.compiling-solution"
                                                               : "progress.compiling")
                                    << std::endl;
                          if (first_build) {
                            std::cout << messages::text("progress.first-build",
                                                        {{"minutes", first_check_build_minutes}})
                                      << std::endl;
                          }
                        },
                        [](const std::string&, const build_outcome& built) {
                          if (built.ok) {
                            std::cout << messages::text("progress.running") << std::endl;
                          }
                        }});
  }
  analysis::trace_options tracing;
  if (const auto timeline = parsed.value("timeline"))
    tracing.timeline = *timeline;
  if (const auto keep = parsed.value("keep-trace"))
    tracing.keep_trace = fs::absolute(*keep);
  const check_recorder recorder(*lesson, recording_state_file(parsed, paths));
  check_report report = analysis::run_traced_check(*lesson, settings, tracing);
  if (!settings.starter) {
    recorder.record(report); // the student's progress (make status); never of --solution
  }
  if (parsed.flag("json")) {
    std::cout << render_json(report);
  } else {
    std::cout << render_terminal(report, terminal_style{colour_wanted(STDOUT_FILENO)});
  }
  write_report_files(parsed, report); // --json-file, --junit, --gradescope
  return to_int(report.verdict);
}

} // namespace gpucheck::cli
