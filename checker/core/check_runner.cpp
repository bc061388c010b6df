// SPDX-License-Identifier: MIT
#include "core/check_runner.hpp"

#include "core/build_driver.hpp"
#include "core/check_results_file.hpp"
#include "core/process_runner.hpp"

#include <random>
#include <sstream>
#include <unistd.h>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

std::string random_token() {
  std::random_device device;
  std::ostringstream text;
  text << std::hex << device() << device() << device() << device();
  return text.str();
}

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text.precision(3);
  text << seconds << " s";
  return text.str();
}

void judge_build_failure(check_report& report, const build_outcome& built) {
  report.verdict = exit_code::build_failed;
  report.build_error = built.first_error;
  if (!built.first_error) {
    report.build_output_tail = last_lines(built.output, 30);
    report.headline = "The build failed.";
    return;
  }
  const compiler_error& error = *built.first_error;
  if (error.is_link_error) {
    report.headline = "Your code compiles but does not link: " + error.message;
    report.advice = "A function the checks call is declared but not defined: keep every function "
                    "of the starter, with the same name and parameters.";
  } else {
    report.headline = "Your code does not compile: " + fs::path(error.file).filename().string() +
                      ":" + std::to_string(error.line) + ": " + error.message;
  }
}

void judge_run(check_report& report, const process_result& run, const check_results& results,
               const check_settings& settings) {
  report.checks = results.checks;
  if (results.summary) {
    report.device = results.summary->device;
    report.seed = results.summary->seed;
  }
  const auto keep_output = [&] {
    report.program_output_tail = last_lines(run.output, 25);
    report.program_output_truncated = run.output_truncated;
  };
  if (!run.started) {
    report.verdict = exit_code::crashed;
    report.headline = "The check program could not be started: " + run.start_error;
    return;
  }
  if (run.timed_out) {
    report.verdict = exit_code::crashed;
    report.headline = "Your code did not finish within the time limit (" +
                      seconds_text(settings.time_limit.count() / 1000.0) +
                      ") and was stopped, with everything it started.";
    report.advice = "Look for a loop that never ends, or a wait for GPU work that never "
                    "completes. The limit is set with TIMEOUT=<seconds>.";
    keep_output();
    return;
  }
  if (run.signal != 0) {
    report.verdict = exit_code::crashed;
    report.headline = "Your code crashed: " + describe_signal(run.signal) + ".";
    keep_output();
    return;
  }
  const int failed = report.failed_count();
  if (!results.summary) {
    report.verdict = exit_code::crashed;
    report.headline = "The checks stopped before they finished (exit status " +
                      std::to_string(run.exit_status) + ").";
    report.advice = "A CUDA call failed, or the program called exit(). Its last lines are below.";
    keep_output();
    return;
  }
  if (failed > 0 || run.exit_status == 1) {
    report.verdict = exit_code::wrong;
    report.headline = failed > 0 ? std::to_string(failed) + " of " +
                                       std::to_string(report.checks.size()) + " checks failed."
                                 : "A check failed without a report.";
    if (failed == 0) {
      keep_output();
    }
    return;
  }
  if (!results.summary->gpu_used) {
    report.verdict = exit_code::no_device;
    report.headline = "Built. The GPU checks need an NVIDIA GPU, and this machine has none (" +
                      results.summary->skip_reason + ").";
    return;
  }
  report.verdict = exit_code::pass;
  report.headline = "All " + std::to_string(report.checks.size()) + " checks passed.";
}

} // namespace

std::string last_lines(const std::string& text, int max_lines) {
  std::size_t position = text.size();
  if (position > 0 && text[position - 1] == '\n') {
    --position;
  }
  for (int count = 0; position > 0; --position) {
    if (text[position - 1] == '\n' && ++count == max_lines) {
      break;
    }
  }
  return text.substr(position);
}

check_report run_check(const lesson_entry& lesson, const check_settings& settings) {
  check_report report;
  report.lesson_folder = lesson.folder;
  report.lesson_title = lesson.title;
  report.solution = settings.solution;
  report.exercise_file = lesson.exercise_file(settings.solution).string();

  const std::string target = lesson.check_target(settings.solution);
  const build_outcome built = build_target(settings.source_dir, settings.build_dir, target);
  report.build_seconds = built.seconds;
  if (!built.ok) {
    judge_build_failure(report, built);
    return report;
  }

  const fs::path work_dir = settings.build_dir / "gpucheck";
  fs::create_directories(work_dir);
  const fs::path results_path = work_dir / ("results-" + std::to_string(getpid()) + ".jsonl");
  fs::remove(results_path);
  const std::string token = random_token();

  process_options options;
  options.argv = {(settings.build_dir / "bin" / lesson.target_prefix / lesson.folder /
                   (settings.solution ? "check-solution" : "check"))
                      .string()};
  options.environment = settings.environment;
  options.environment.emplace_back("GPUCHECK_RESULTS", results_path.string());
  options.environment.emplace_back("GPUCHECK_TOKEN", token);
  options.time_limit = settings.time_limit;
  const process_result run = run_process(options);
  report.run_seconds = run.wall_seconds;

  const check_results results = read_check_results(results_path, token);
  fs::remove(results_path);
  judge_run(report, run, results, settings);
  return report;
}

} // namespace gpucheck
