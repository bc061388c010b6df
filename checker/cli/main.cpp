// SPDX-License-Identifier: MIT
// gpucheck: checks a course lesson (`check`), lists the lessons (`list`). Dispatch only.
#include "cli/check_command.hpp"
#include "cli/grade_command.hpp"
#include "cli/hint_command.hpp"
#include "cli/lint_command.hpp"
#include "cli/list_command.hpp"
#include "cli/new_lesson_command.hpp"
#include "cli/reset_command.hpp"
#include "cli/run_command.hpp"
#include "cli/selftest_command.hpp"
#include "cli/status_command.hpp"
#include "cli/watch_command.hpp"
#include "core/exit_codes.hpp"
#include "messages/messages.hpp"

#include <iostream>
#include <string>
#include <vector>

namespace {

const char usage[] = R"(gpucheck: checks CUDA timing exercises, and how they time.

usage:
  gpucheck check LESSON [--solution] [--json] [--json-file F] [--timeout SECONDS]
                 [--timeline OUT.svg]
      Build the lesson's checks with your exercise.cu (or the reference, with --solution), run
      them with a time limit (default 60 s, or GPUCHECK_TIMEOUT), and say what is right and wrong.
      LESSON is a number (4), a folder (04-two-sync-methods) or a slug (two-sync-methods).
      --timeline runs the checks under the tracer and draws your run as an SVG picture.
      --sanitize also runs them under compute-sanitizer (the lesson's tools; memcheck by default).
      --junit FILE, --gradescope FILE write JUnit XML, Gradescope results.json as well.
  gpucheck grade SUBMISSIONS_DIR --lesson N [--csv FILE] [--out DIR] [--timeout SECONDS]
                [--tree DIR]
      Check every submission (a folder with exercise.cu, or a .cu file) in a grading build tree
      (DIR/.build, or the --tree given, which later batches reuse); a report per student in DIR
      (default grade-results) and a CSV summary.
  gpucheck grade SUBMISSIONS_DIR --lesson N --slurm [--partition P] [--gpus-per-task 1]
                [--time 10:00] [--out DIR] [--csv FILE] [--timeout SECONDS]
      The same on a Slurm cluster: one job array (a task per submission, each with a GPU of its
      own and a grading tree of its own; the script is DIR/.slurm/grade.sbatch), waited for with
      sbatch --wait; then the same reports and CSV. Run again, it resubmits only the submissions
      without a result. --gpus-per-task 0 asks for no GPU (a cluster without GPUs: exit 77).
  gpucheck run LESSON [--solution] [-- ARGUMENTS]
      Build the lesson's experiment (main.cu with your exercise.cu) and run it; without a CUDA
      device, say so and exit 77 instead of running it.
  gpucheck hint LESSON [--all]
      The lesson's next hint (each call shows one more), or all of them.
  gpucheck lint FILE.cu [--json] [--timeline OUT.svg] [-- ARGS]
  gpucheck lint [--json] [--timeline OUT.svg] -- PROGRAM [ARGS]
      Run a CUDA program under the tracer and report how each interval it timed was measured.
  gpucheck list
      The lessons, in order.
  gpucheck status [--state-file FILE]
      Every lesson: not started, failing, passed, or passed earlier but changed since; when it was
      last checked; the next lesson to do (what `gpucheck check` with no LESSON checks).
  gpucheck watch LESSON [--solution] [--timeout SECONDS]
      Check the lesson, then again at every save of a file in its folder; Ctrl-C quits.
  gpucheck reset LESSON [--from REV]
      Put the starter exercise.cu back (as committed in git HEAD, or REV), after saving yours in
      .gpucheck/backups/NN-slug/.
  gpucheck selftest [LESSON...] [--static-only]
      For lesson authors: front matter, anchors, TODOs; every starter builds and fails its
      checks, every solution passes (exit 77: sound, but no GPU here to run the checks).
  gpucheck new-lesson NUM SLUG
      For lesson authors: the scaffold of lessons/NN-slug/ and solutions/NN-slug/.

exit codes: 0 pass, 1 wrong, 2 usage, 3 build failed, 4 crashed or timed out,
            75 inconclusive (re-run), 77 no CUDA device (GPU checks skipped)
)";

} // namespace

int main(int argc, char** argv) {
  // GPUCHECK_LANG=zh, or a Chinese locale, shows the messages in Chinese (messages/messages.hpp).
  gpucheck::messages::set_language(gpucheck::messages::language_from_environment());
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty() || arguments[0] == "help" || arguments[0] == "--help" ||
      arguments[0] == "-h") {
    std::cout << usage;
    return arguments.empty() ? gpucheck::to_int(gpucheck::exit_code::usage) : 0;
  }
  const std::string& command = arguments[0];
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (command == "check") {
    return gpucheck::cli::run_check_command(rest);
  }
  if (command == "hint") {
    return gpucheck::cli::run_hint_command(rest);
  }
  if (command == "lint") {
    return gpucheck::cli::run_lint_command(rest);
  }
  if (command == "run") {
    return gpucheck::cli::run_run_command(rest);
  }
  if (command == "grade") {
    return gpucheck::cli::run_grade_command(rest);
  }
  if (command == "list") {
    return gpucheck::cli::run_list_command(rest);
  }
  if (command == "status") {
    return gpucheck::cli::run_status_command(rest);
  }
  if (command == "watch") {
    return gpucheck::cli::run_watch_command(rest);
  }
  if (command == "reset") {
    return gpucheck::cli::run_reset_command(rest);
  }
  if (command == "selftest") {
    return gpucheck::cli::run_selftest_command(rest);
  }
  if (command == "new-lesson") {
    return gpucheck::cli::run_new_lesson_command(rest);
  }
  std::cerr << "gpucheck: unknown command '" << command << "'\n\n" << usage;
  return gpucheck::to_int(gpucheck::exit_code::usage);
}
