// SPDX-License-Identifier: MIT
#include "cli/check_command.hpp"

#include "analysis/traced_check.hpp"
#include "cli/check_outputs.hpp"
#include "cli/command_line.hpp"
#include "cli/console_reporter.hpp"
#include "cli/course_paths.hpp"
#include "cli/lesson_command.hpp"
#include "cli/progress_state.hpp"
#include "cli/timeout_option.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "messages/messages.hpp"
#include "report/json_report.hpp"
#include "report/terminal_report.hpp"
#include "timeline/timeline_svg.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

// The first build of a lesson's check program, measured (issue 47) on a 2-core machine: a
// lesson's check target in a fresh build folder without a compiler cache (CCACHE_DISABLE=1), the
// check API included, -j 2: 62.6 s user + 17.3 s sys of CPU; nvcc compiles each file for three
// architectures in one process, so two cores overlap little of it: about 1.5 min on idle cores
// (215 s of wall time there beside other builds, load average 13). A student's report of the
// same step: 93 s. Later lessons reuse the check API and take less.
constexpr const char* first_check_build_minutes = "1.5";

} // namespace

int run_check_command(const std::vector<std::string>& arguments) {
  const auto start = start_lesson_command(
      arguments,
      {.command = "check",
       .value_options = {"timeout", "json-file", "timeline", "state-file", "junit", "gradescope",
                         "keep-trace"},
       .flag_options = {"solution", "starter", "json", "sanitize", "sandbox", "require-sandbox"},
       .next_when_unnamed = true});
  if (const auto* ended = std::get_if<exit_code>(&start)) {
    return to_int(*ended);
  }
  const auto& [parsed, paths, lesson] = std::get<lesson_command_start>(start);

  if (!parsed.flag("starter") &&
      report_missing_exercise(lesson, parsed.flag("solution"), "check", paths.source_dir)) {
    return to_int(exit_code::build_failed);
  }

  check_settings settings;
  settings.source_dir = paths.source_dir;
  settings.build_dir = paths.build_dir;
  settings.solution = parsed.flag("solution");
  settings.starter =
      parsed.flag("starter") && !settings.solution && lesson.target_prefix == "lesson";
  settings.sanitize = parsed.flag("sanitize");
  // --sandbox: the check program in a sandbox of its own where one can start (the report says
  // whether it did); --require-sandbox: never without one (docs/grading-security.md).
  settings.sandbox = parsed.flag("require-sandbox") ? sandbox_mode::require
                     : parsed.flag("sandbox")       ? sandbox_mode::prefer
                                                    : sandbox_mode::off;
  const auto timeout = timeout_seconds(parsed, "check", {.seconds = 60, .from_environment = true});
  if (!timeout) {
    return to_int(exit_code::usage);
  }
  settings.time_limit = time_limit_of(*timeout);

  if (!parsed.flag("json")) {
    std::cout << messages::text(settings.solution ? "progress.checking-solution"
                                                  : "progress.checking",
                                {{"folder", lesson.folder}})
              << std::endl;
  }
  // Each step that can take a while says so before it starts (the build, not in JSON). The first
  // build of a lesson's check program compiles the check API and check.cu with nvcc (minutes);
  // later ones compile exercise.cu alone (seconds). Only the first says how long.
  const char* program = settings.starter    ? "check-starter"
                        : settings.solution ? "check-solution"
                                            : "check";
  const bool first_build =
      !fs::exists(paths.build_dir / "bin" / lesson.target_prefix / lesson.folder / program);
  console_reporter reporter({.say_builds = !parsed.flag("json"),
                             .solution = settings.solution,
                             .first_build_minutes = first_build ? first_check_build_minutes : "",
                             .say_progress = true});
  settings.reporter = &reporter;
  analysis::trace_options tracing;
  if (const auto timeline = parsed.value("timeline")) {
    tracing.timeline = *timeline;
    tracing.render_timeline = &report::render_interval_timeline; // the renderer, only here
  }
  if (const auto keep = parsed.value("keep-trace"))
    tracing.keep_trace = fs::absolute(*keep);
  const check_recorder recorder(lesson, recording_state_file(parsed, paths));
  check_report report = analysis::run_traced_check(lesson, settings, tracing);
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
