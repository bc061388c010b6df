// SPDX-License-Identifier: MIT
#include "cli/usage.hpp"

#include <algorithm>

namespace gpucheck::cli {
namespace {

struct command_block {
  std::string_view name;
  std::string_view text; // starts with "  gpucheck NAME", ends with a newline
};

// Every option a command's parse_arguments accepts is named in its block (the integration tests
// `integration_help_*` hold `check`'s to that), except the three every command takes (below).
constexpr command_block blocks[] = {
    {"check",
     R"(  gpucheck check [LESSON] [--solution] [--timeout SECONDS] [--json] [--json-file FILE]
                 [--junit FILE] [--gradescope FILE] [--timeline OUT.svg] [--keep-trace FILE]
                 [--sanitize] [--state-file FILE] [--starter] [--sandbox | --require-sandbox]
      Build the lesson's checks with your exercise.cu (or the reference, with --solution), run
      them with a time limit (default 60 s, or GPUCHECK_TIMEOUT), and say what is right and wrong.
      LESSON is a number (4), a folder (04-two-sync-methods) or a slug (two-sync-methods);
      without it, the first lesson not passed yet.
      --json prints the result as JSON (checker/report/SCHEMAS.md); --json-file FILE, --junit FILE
      and --gradescope FILE also write it as JSON, JUnit XML or Gradescope's results.json.
      --timeline runs the checks under the tracer and draws your run as an SVG picture;
      --keep-trace FILE keeps that run's trace.
      --sanitize also runs them under compute-sanitizer (the lesson's tools; memcheck by default).
      --state-file FILE records the verdict there (make status) instead of .gpucheck/state.json.
      --starter checks the starter as committed in git instead of your exercise.cu (the course's
      own tests), and records nothing.
      --sandbox runs the check program in a bubblewrap sandbox of its own where one can start
      (the report says whether it did); --require-sandbox refuses to run it without one.
)"},
    {"grade",
     R"(  gpucheck grade SUBMISSIONS_DIR --lesson N [--csv FILE] [--out DIR] [--timeout SECONDS]
                [--tree DIR] [--keep-traces] [--no-sandbox | --require-sandbox] [--build-only]
      Check every submission (a folder with exercise.cu, or a .cu file) in a grading build tree
      (DIR/.build, or the --tree given, which later batches reuse); a report per student in DIR
      (default grade-results) and a CSV summary. --keep-traces keeps each replay's trace.
      Each submission builds and runs in a bubblewrap sandbox of its own
      (docs/grading-security.md); where none can start, every report and the CSV say so.
      --require-sandbox refuses to grade without one; --no-sandbox declines it.
      --build-only configures the tree and builds the course's side of the check program, and
      grades nothing (a test suite's setup).
  gpucheck grade SUBMISSIONS_DIR --lesson N --slurm [--partition P] [--gpus-per-task 1]
                [--time 10:00] [--out DIR] [--csv FILE] [--timeout SECONDS]
      The same on a Slurm cluster: one job array (a task per submission, each with a GPU of its
      own and a grading tree of its own; the script is DIR/.slurm/grade.sbatch), waited for with
      sbatch --wait; then the same reports and CSV. Run again, it resubmits only the submissions
      without a result. --gpus-per-task 0 asks for no GPU (a cluster without GPUs: exit 77).
      (--task-index N is the job array's own: one task's submission.)
)"},
    {"run", R"(  gpucheck run LESSON [--solution] [-- ARGUMENTS]
      Build the lesson's experiment (main.cu with your exercise.cu) and run it; without a CUDA
      device, say so and exit 77 instead of running it.
)"},
    {"hint", R"(  gpucheck hint LESSON [--all] [--state-file FILE]
      The lesson's next hint (each call shows one more), or all of them. The count of hints
      shown is kept in .gpucheck/state.json (or --state-file), whatever the language.
)"},
    {"lint", R"(  gpucheck lint FILE.cu [--json] [--timeline OUT.svg] [--timeout SECONDS]
                [--keep-trace FILE] [-- ARGS]
  gpucheck lint SCRIPT.py [--json] [--timeline OUT.svg] [--timeout SECONDS]
                [--keep-trace FILE] [-- ARGS]
  gpucheck lint [--json] [--timeline OUT.svg] [--timeout SECONDS] [--keep-trace FILE]
                -- PROGRAM [ARGS]
      Run a CUDA program under the tracer and report how each interval it timed was measured
      (FILE.cu is built first, with line information; SCRIPT.py, a PyTorch program, runs with the
      python3 of PATH and is judged at its Python lines). Without a CUDA device, say what it
      would have judged and exit 77.
)"},
    {"list", R"(  gpucheck list
      The lessons, in order.
)"},
    {"status", R"(  gpucheck status [--state-file FILE]
      Every lesson: not started, failing, passed, or passed earlier but changed since; when it was
      last checked; the next lesson to do (what `gpucheck check` with no LESSON checks).
)"},
    {"watch", R"(  gpucheck watch LESSON [--solution] [--timeout SECONDS] [--state-file FILE]
      Check the lesson, then again at every save of a file in its folder; Ctrl-C quits.
)"},
    {"reset", R"(  gpucheck reset LESSON [--from REV] [--backup-dir DIR]
      Put the starter exercise.cu back (as committed in git HEAD, or REV), after saving yours in
      .gpucheck/backups/NN-slug/ (or DIR).
)"},
    {"selftest",
     R"(  gpucheck selftest [LESSON...] [--static-only] [--timeout SECONDS] [--committed]
      For lesson authors: front matter, anchors, TODOs; every starter builds and fails its
      checks, every solution passes (exit 77: sound, but no GPU here to run the checks).
      --committed judges the starters as committed in git, not the exercise.cu files as they
      are (the course's own tests).
)"},
    {"new-lesson", R"(  gpucheck new-lesson NUM SLUG
      For lesson authors: the scaffold of lessons/NN-slug/ and solutions/NN-slug/
      (make new-lesson NUM=10 SLUG=my-topic).
)"},
};

constexpr std::string_view common_options =
    R"(options every command takes:
  --source-dir DIR, --build-dir DIR   the course and its CMake build (default: where gpucheck
                                      was built from)
  --fixtures                          the lessons of checker/tests/fixtures (the checker's tests;
                                      all but new-lesson)
  --help, -h                          this command's usage
)";

constexpr std::string_view exit_codes =
    R"(exit codes: 0 pass, 1 wrong, 2 usage, 3 build failed, 4 crashed or timed out,
            75 inconclusive (re-run), 77 no CUDA device (GPU checks skipped)
The Makefile's targets (make check, make run, ...) exit with the same codes.
)";

} // namespace

std::string full_usage() {
  std::string text = "gpucheck: checks CUDA timing exercises, and how they time.\n\nusage:\n";
  for (const auto& block : blocks) {
    text += block.text;
  }
  return text + "\n" + std::string(common_options) + "\n" + std::string(exit_codes);
}

std::string command_synopsis(std::string_view command) {
  const auto found =
      std::find_if(std::begin(blocks), std::end(blocks),
                   [&](const command_block& block) { return block.name == command; });
  return found == std::end(blocks) ? std::string() : "usage:\n" + std::string(found->text);
}

std::string command_usage(std::string_view command) {
  const std::string synopsis = command_synopsis(command);
  if (synopsis.empty()) {
    return {};
  }
  return synopsis + "\n" + std::string(common_options) + "\n" + std::string(exit_codes);
}

bool asks_for_help(const std::vector<std::string>& arguments) {
  for (const std::string& argument : arguments) {
    if (argument == "--") {
      return false;
    }
    if (argument == "--help" || argument == "-h") {
      return true;
    }
  }
  return false;
}

} // namespace gpucheck::cli
