// SPDX-License-Identifier: MIT
#include "cli/selftest_command.hpp"

#include "analysis/traced_check.hpp"
#include "cli/command_line.hpp"
#include "cli/console_reporter.hpp"
#include "cli/course_paths.hpp"
#include "cli/timeout_option.hpp"
#include "cli/usage.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_validation.hpp"
#include "messages/messages.hpp"

#include <cstdlib>
#include <iostream>

namespace gpucheck::cli {
namespace {

struct gpu_outcome {
  bool ok = false;
  bool not_run = false; // built, but no GPU to run it on (77)
  std::string text;
};

// The starter must build and fail (1); the solution must pass (0). 77: built, not run.
gpu_outcome judge_variant(const lesson_entry& lesson, check_settings settings, bool solution) {
  settings.solution = solution;
  settings.starter = settings.starter && !solution;
  const check_report report = analysis::run_traced_check(lesson, settings);
  const exit_code wanted = solution ? exit_code::pass : exit_code::wrong;
  gpu_outcome outcome;
  if (report.verdict == wanted) {
    outcome.ok = true;
    outcome.text = messages::text(solution ? "selftest.solution-passes" : "selftest.starter-fails");
  } else if (report.verdict == exit_code::no_device) {
    outcome.ok = true;
    outcome.not_run = true;
    outcome.text =
        messages::text(solution ? "selftest.solution-not-run" : "selftest.starter-not-run");
  } else {
    outcome.text = messages::text(solution ? "selftest.solution-wrong" : "selftest.starter-wrong",
                                  {{"verdict", exit_code_name(report.verdict)},
                                   {"exit", std::to_string(to_int(report.verdict))},
                                   {"headline", report.headline}});
  }
  return outcome;
}

} // namespace

int run_selftest_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed = parse_arguments(arguments, {"source-dir", "build-dir", "timeout"},
                                                  {"static-only", "fixtures", "committed"});
  if (!parsed.error.empty()) {
    std::cerr << "gpucheck selftest: " << parsed.error << "\n" << command_synopsis("selftest");
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const lesson_catalog catalog = paths.catalog();
  std::vector<lesson_entry> lessons;
  for (const auto& name : parsed.positional) {
    const auto lesson = catalog.resolve(name);
    if (!lesson) {
      std::cerr << messages::text("error.no-lesson", {{"command", "selftest"}, {"name", name}})
                << "\n"
                << catalog.describe_choices() << "\n";
      return to_int(exit_code::usage);
    }
    lessons.push_back(*lesson);
  }
  if (parsed.positional.empty()) {
    lessons = catalog.lessons();
  }
  check_settings settings;
  settings.source_dir = paths.source_dir;
  settings.build_dir = paths.build_dir;
  console_reporter reporter({}); // only what could not be done beside the verdicts
  settings.reporter = &reporter;
  const auto timeout = timeout_seconds(parsed, "selftest", {.seconds = 120});
  if (!timeout) {
    return to_int(exit_code::usage);
  }
  settings.time_limit = time_limit_of(*timeout);

  int lessons_with_problems = 0;
  int not_run = 0;
  for (const auto& lesson : lessons) {
    check_settings lesson_settings = settings;
    lesson_settings.starter = parsed.flag("committed") && lesson.target_prefix == "lesson";
    std::vector<std::string> problems =
        lesson_problems(lesson, paths.source_dir,
                        lesson_settings.starter ? exercise_file_of(lesson, lesson_settings)
                                                : std::filesystem::path());
    std::vector<std::string> notes;
    if (!parsed.flag("static-only")) {
      std::cout << "  " << messages::text("selftest.running", {{"folder", lesson.folder}})
                << std::endl;
      for (const bool solution : {false, true}) {
        const gpu_outcome outcome = judge_variant(lesson, lesson_settings, solution);
        (outcome.ok ? notes : problems).push_back(outcome.text);
        not_run += outcome.not_run ? 1 : 0;
      }
    }
    if (problems.empty()) {
      std::cout << "ok    " << lesson.folder;
      for (std::size_t i = 0; i < notes.size(); ++i) {
        std::cout << (i == 0 ? ": " : "; ") << notes[i];
      }
      std::cout << "\n";
    } else {
      ++lessons_with_problems;
      std::cout << "FAIL  " << lesson.folder << "\n";
      for (const auto& problem : problems) {
        std::cout << "        " << problem << "\n";
      }
    }
  }
  std::cout << "\n";
  if (lessons_with_problems > 0) {
    std::cout << messages::text("selftest.problems",
                                {{"count", std::to_string(lessons_with_problems)},
                                 {"total", std::to_string(lessons.size())}})
              << "\n";
    return to_int(exit_code::wrong);
  }
  std::cout << messages::text(parsed.flag("static-only") ? "selftest.sound-static"
                                                         : "selftest.sound",
                              {{"total", std::to_string(lessons.size())}})
            << "\n";
  if (not_run > 0) {
    std::cout << messages::text("selftest.no-gpu", {{"count", std::to_string(not_run)}}) << "\n";
    return to_int(exit_code::no_device);
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
