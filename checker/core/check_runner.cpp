// SPDX-License-Identifier: MIT
#include "core/check_runner.hpp"

#include "core/gpu_checks_not_run.hpp"

#include "core/check_build_shortcut.hpp"

#include "core/build_driver.hpp"
#include "core/channel_descriptors.hpp"
#include "core/check_program_sandbox.hpp"
#include "core/check_results_file.hpp"
#include "core/gpu_conditions.hpp"
#include "core/gpu_lock.hpp"
#include "core/noise_judgement.hpp"
#include "core/process_runner.hpp"
#include "core/run_diagnosis.hpp"
#include "core/sanitizer.hpp"
#include "core/timing_log.hpp"
#include "messages/messages.hpp"

#include <cctype>
#include <fcntl.h>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <unistd.h>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

using messages::text;

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
    report.headline = text("headline.build-failed");
    return;
  }
  place_in_exercise(*report.build_error, report.exercise_file);
  const compiler_error& error = *report.build_error;
  if (!error.defined_twice.empty()) {
    const std::string where = error.file.empty() ? text("headline.your-code")
                                                 : fs::path(error.file).filename().string() + ":" +
                                                       std::to_string(error.line);
    report.headline =
        text("headline.defined-twice", {{"where", where}, {"name", error.defined_twice}});
    report.advice = advice_for_clash(error, report.lesson_folder.substr(0, 2));
  } else if (error.is_link_error) {
    report.headline = text("headline.link-error", {{"message", error.message}});
    report.advice = text("advice.link-error");
  } else {
    const std::string where =
        fs::path(error.file).filename().string() + ":" + std::to_string(error.line);
    report.headline =
        text("headline.compile-error", {{"where", where}, {"message", error.message}});
  }
}

void judge_run(check_report& report, const process_result& run, const check_results& results,
               const check_settings& settings) {
  report.checks = results.checks;
  if (results.summary) {
    report.device = results.summary->device;
    report.seed = results.summary->seed;
  }
  report.program_output_truncated = run.output_truncated;
  report.forged_lines = results.foreign_lines;
  const auto keep_output = [&] { report.program_output_tail = last_lines(run.output, 25); };
  if (!run.started) {
    report.verdict = exit_code::crashed;
    report.headline = text("headline.not-started", {{"error", run.start_error}});
    return;
  }
  if (run.timed_out) {
    report.verdict = exit_code::crashed;
    report.headline = text("headline.time-limit",
                           {{"limit", seconds_text(settings.time_limit.count() / 1000.0)}});
    report.advice = text("advice.time-limit");
    keep_output();
    return;
  }
  if (run.signal != 0) {
    report.verdict = exit_code::crashed;
    report.headline = text("headline.crashed", {{"signal", describe_signal(run.signal)}});
    keep_output();
    return;
  }
  const int failed = report.failed_count();
  if (!results.summary) {
    report.verdict = exit_code::crashed;
    keep_output();
    if (const auto cuda_error = find_cuda_error(run.output)) {
      const std::string error =
          (cuda_error->name.empty() ? text("headline.cuda-error-unnamed") : cuda_error->name) +
          (cuda_error->description.empty() ? "" : " (" + cuda_error->description + ")");
      report.headline = text("headline.cuda-error", {{"error", error}});
      if (cuda_error->illegal_address) {
        report.advice =
            text("advice.illegal-address", {{"number", report.lesson_folder.substr(0, 2)}});
      } else {
        report.advice = advice_for_cuda_error(*cuda_error).value_or(text("advice.cuda-error"));
      }
      return;
    }
    if (run.exit_status == 0) {
      report.headline = text("headline.exit-0");
      report.advice = text("advice.exit-0");
      return;
    }
    report.headline = text("headline.stopped", {{"status", std::to_string(run.exit_status)}});
    report.advice = text("advice.stopped");
    return;
  }
  if (failed > 0 || run.exit_status == 1) {
    report.verdict = exit_code::wrong;
    report.headline =
        failed > 0 ? text("headline.failed", {{"failed", std::to_string(failed)},
                                              {"total", std::to_string(report.checks.size())}})
                   : text("headline.failed-silently");
    if (!results.summary->gpu_used) { // a summary is there: its absence returned above
      // Checks that need no GPU ran and failed; say that the others did not run at all.
      report.headline +=
          text("headline.no-gpu-for-the-rest", {{"reason", results.summary->skip_reason}});
    }
    // An exception ends the check that called the code before it reports: said first, beside
    // any checks that did report a failure.
    if (const auto what = find_uncaught_exception(run.output)) {
      keep_output();
      report.uncaught_exception = *what;
      report.headline = text("headline.exception", {{"what", *what}});
      if (failed > 0) {
        report.headline += " " + text("headline.exception-also-failed",
                                      {{"failed", std::to_string(failed)},
                                       {"total", std::to_string(report.checks.size())}});
      }
      report.advice = text("advice.exception");
    } else if (failed == 0) {
      keep_output();
    }
    return;
  }
  if (!results.summary->gpu_used) {
    report.verdict = exit_code::no_device;
    report.headline = text("headline.no-device", {{"reason", results.summary->skip_reason}});
    return;
  }
  report.verdict = exit_code::pass;
  report.headline = text("headline.passed", {{"total", std::to_string(report.checks.size())}});
}

struct run_attempt {
  process_result run;
  check_results results;
  int pid = 0;
  bool sandbox_failed = false; // asked for, and bwrap could not set it up (run.output says why)
};

// Where a sandboxed run says that its sandbox is set up (core/sandbox.hpp, sandbox_command).
constexpr int sandbox_started_fd = 9;

// Runs the check program (under `wrapper`, e.g. compute-sanitizer, when given) with a fresh
// results file and secret token, each handed over as a descriptor (core/channel_descriptors.hpp),
// in its sandbox when the settings ask for one and it can start; reads back what its checks wrote.
// `written` are files the program writes for us (a sanitizer's log).
run_attempt run_check_program(const fs::path& program, const std::vector<std::string>& wrapper,
                              const fs::path& work_dir, const check_settings& settings,
                              const std::vector<fs::path>& written = {}) {
  const std::string token = random_token();
  const fs::path results_path =
      work_dir / ("results-" + std::to_string(getpid()) + "-" + token.substr(0, 8) + ".jsonl");
  fs::remove(results_path);
  run_attempt attempt;
  const int results_fd =
      open(results_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
  int token_pipe[2] = {-1, -1};
  int info_pipe[2] = {-1, -1};
  const bool sandboxed = settings.sandbox != sandbox_mode::off && probe_sandbox().available;
  if (results_fd < 0 || pipe2(token_pipe, O_CLOEXEC) != 0 ||
      (sandboxed && pipe2(info_pipe, O_CLOEXEC | O_NONBLOCK) != 0)) {
    attempt.run.start_error = text("headline.no-results-channel", {{"folder", work_dir.string()}});
    for (const int fd : {results_fd, token_pipe[0], token_pipe[1], info_pipe[0], info_pipe[1]}) {
      if (fd >= 0) {
        close(fd);
      }
    }
    return attempt;
  }
  // A token is a few dozen bytes: the pipe holds it whole until the program drains it.
  (void)!write(token_pipe[1], token.data(), token.size());
  close(token_pipe[1]);

  process_options options;
  options.environment = settings.environment;
  options.environment.emplace_back(results_fd_variable, std::to_string(results_channel_fd));
  options.environment.emplace_back(token_fd_variable, std::to_string(token_channel_fd));
  // The check program prints its words in the language gpucheck chose (checkapi/say.hpp).
  options.environment.emplace_back(
      "GPUCHECK_LANG", std::string(messages::language_code(messages::current_language())));
  options.inherited_fds = {{results_fd, results_channel_fd}, {token_pipe[0], token_channel_fd}};
  options.argv = wrapper;
  options.argv.push_back(program.string());
  options.argv.insert(options.argv.end(), settings.program_arguments.begin(),
                      settings.program_arguments.end());
  if (sandboxed) {
    options.environment = sandbox_environment(options.environment);
    options.only_given_environment = true;
    options.user = sandbox_user();
    options.groups = sandbox_groups();
    options.limits = sandbox_limits(options.user);
    options.inherited_fds.emplace_back(info_pipe[1], sandbox_started_fd);
    const sandbox_view view =
        check_program_view(program, settings, wrapper, options.environment, written);
    std::vector<std::string> command =
        sandbox_command(probe_sandbox().bwrap, view, sandbox_started_fd);
    // The tracer's variables reach the program alone (through env), not the shell that says the
    // sandbox started: a tracer preloaded there would open the trace file first.
    std::vector<std::string> tracer_variables;
    std::erase_if(options.environment, [&](const auto& variable) {
      const bool tracer = variable.first == "CUDA_INJECTION64_PATH" ||
                          variable.first == "LD_PRELOAD" || variable.first == "GPUTRACE_OUTPUT";
      if (tracer) {
        tracer_variables.push_back(variable.first + "=" + variable.second);
      }
      return tracer;
    });
    if (!tracer_variables.empty()) {
      command.emplace_back("/usr/bin/env");
      command.insert(command.end(), tracer_variables.begin(), tracer_variables.end());
    }
    command.insert(command.end(), options.argv.begin(), options.argv.end());
    options.argv = std::move(command);
  }
  options.time_limit = settings.time_limit;
  attempt.run = run_process(options);
  attempt.pid = attempt.run.pid;
  close(results_fd);
  close(token_pipe[0]);
  if (sandboxed) {
    // bwrap outlives its command and exits 128 + N when a signal N ended it: the program's crash.
    if (attempt.run.signal == 0 && attempt.run.exit_status > 128 &&
        attempt.run.exit_status < 128 + 65) {
      attempt.run.signal = attempt.run.exit_status - 128;
      attempt.run.exit_status = -1;
    }
    close(info_pipe[1]);
    char info[64];
    attempt.sandbox_failed = read(info_pipe[0], info, sizeof info) <= 0;
    close(info_pipe[0]);
  }
  attempt.results = read_check_results(results_path, token);
  fs::remove(results_path);
  return attempt;
}

// --sanitize: the program again under each of the lesson's compute-sanitizer tools; what they
// find makes the verdict "wrong" (a memory error is a bug even when the numbers came out right).
void sanitize_run(check_report& report, const lesson_entry& lesson, const fs::path& program,
                  const fs::path& work_dir, check_settings settings) {
  // compute-sanitizer and the tracer (CUPTI) cannot both instrument one process.
  std::erase_if(settings.environment, [](const auto& variable) {
    return variable.first == "CUDA_INJECTION64_PATH" || variable.first == "LD_PRELOAD" ||
           variable.first == "GPUTRACE_OUTPUT";
  });
  const auto sanitizer = find_compute_sanitizer();
  if (!sanitizer) {
    report.advice +=
        std::string(report.advice.empty() ? "" : " ") + text("advice.sanitizer-not-found");
    return;
  }
  for (const auto& tool : sanitizer_tools_for(lesson.lesson_dir / "lesson.md")) {
    report.sanitizer_tools.push_back(tool);
    const fs::path log = work_dir / ("sanitizer-" + tool + "-" + std::to_string(getpid()) + ".log");
    fs::remove(log);
    const std::vector<std::string> wrapper = {
        sanitizer->string(), "--tool", tool, "--log-file", log.string(), "--print-limit", "100"};
    const run_attempt attempt = run_check_program(program, wrapper, work_dir, settings, {log});
    std::ifstream file(log);
    std::ostringstream text;
    text << file.rdbuf();
    for (const auto& finding : parse_sanitizer_report(text.str(), tool)) {
      report.sanitizer_findings.push_back(finding.describe());
    }
    if (attempt.run.timed_out) {
      report.sanitizer_findings.push_back(
          messages::text("report.sanitizer-timed-out", {{"tool", tool}}));
    }
    fs::remove(log);
  }
  if (report.sanitizer_findings.empty()) {
    return;
  }
  const std::string found = text("headline.sanitizer-found",
                                 {{"count", std::to_string(report.sanitizer_findings.size())}});
  if (report.verdict == exit_code::crashed) {
    report.advice = found + text("advice.sanitizer-first-is-cause");
    return;
  }
  report.verdict = exit_code::wrong;
  report.headline =
      found + (report.failed_count() > 0 ? "" : text("headline.sanitizer-checks-passed"));
}

// The check program, built by the shortcut when only the exercise changed since the last build
// through CMake (core/check_build_shortcut.hpp), else through CMake.
build_outcome build_check_program(const lesson_entry& lesson, const check_settings& settings) {
  const exercise_variant variant = variant_of(settings);
  const std::string target = lesson.check_target(variant);
  if (!settings.exercise_override.empty()) {
    return build_target(settings.source_dir, settings.build_dir, target, *settings.reporter);
  }
  const check_build_request request{settings.source_dir,
                                    settings.build_dir,
                                    lesson.lesson_dir,
                                    exercise_file_of(lesson, settings),
                                    lesson.exercise_target(variant),
                                    target};
  if (auto quick = build_check_by_shortcut(request, std::chrono::minutes(10), *settings.reporter)) {
    return *quick;
  }
  const auto started = std::filesystem::file_time_type::clock::now();
  build_outcome built =
      build_target(settings.source_dir, settings.build_dir, target, *settings.reporter);
  if (built.ok) {
    leave_check_build_stamp(request, started);
  }
  return built;
}

// How the timing log names the exercise a check ran: the reference, the starter, a graded
// submission's file, or the student's own.
std::string timing_name(const check_settings& settings) {
  if (!settings.exercise_override.empty()) {
    return settings.exercise_override.parent_path().filename().string() + "/" +
           settings.exercise_override.filename().string();
  }
  return settings.starter ? "starter" : settings.solution ? "solution" : "exercise";
}

} // namespace

exercise_variant variant_of(const check_settings& settings) {
  if (settings.starter) {
    return exercise_variant::starter;
  }
  return settings.solution ? exercise_variant::solution : exercise_variant::student;
}

std::filesystem::path exercise_file_of(const lesson_entry& lesson, const check_settings& settings) {
  if (settings.starter) {
    return settings.build_dir / "course-as-committed" / "lessons" / lesson.folder / "exercise.cu";
  }
  return lesson.exercise_file(settings.solution);
}

check_settings::prebuilt_program build_check(const lesson_entry& lesson,
                                             const check_settings& settings) {
  if (settings.prebuilt) {
    return *settings.prebuilt;
  }
  timed_step building("build", lesson.folder + " " + timing_name(settings)); // GPUCHECK_TIMING_LOG
  return {settings.build_dir / "bin" / lesson.target_prefix / lesson.folder /
              (settings.starter    ? "check-starter"
               : settings.solution ? "check-solution"
                                   : "check"),
          build_check_program(lesson, settings)};
}

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
  report.exercise_file = settings.exercise_override.empty()
                             ? exercise_file_of(lesson, settings).string()
                             : settings.exercise_override.string();
  if (settings.sandbox != sandbox_mode::off) {
    const sandbox_probe& probe = probe_sandbox();
    report.sandbox = probe.available ? "sandboxed" : "unavailable";
    report.sandbox_problem = probe.why_not;
    if (!probe.available && settings.sandbox == sandbox_mode::require) {
      report.sandbox = "failed"; // nothing ran: the headline says why
      report.verdict = exit_code::crashed;
      report.headline = text("headline.sandbox-required", {{"why", probe.why_not}});
      return report;
    }
  }

  const check_settings::prebuilt_program checked = build_check(lesson, settings);
  const build_outcome& built = checked.built;
  report.build_seconds = built.seconds;
  if (!built.ok) {
    judge_build_failure(report, built);
    return report;
  }

  const fs::path work_dir = settings.build_dir / "gpucheck";
  fs::create_directories(work_dir);
  const fs::path& program = checked.program;

  // One check at a time on this GPU; held while the program (and any sanitizer run) runs.
  std::optional<gpu_lock> lock;
  // GPUCHECK_TIMING_LOG (core/timing_log.hpp): the wait for the GPU, and the run.
  const std::string timed_what = lesson.folder + " " + timing_name(settings);
  if (settings.lock_gpu) {
    timed_step waiting("gpu-wait", timed_what);
    lock.emplace(gpu_lock_path(), [&] {
      settings.reporter->progress(text("progress.waiting-for-gpu", {{"gpu", gpu_identity()}}));
    });
  }
  timed_step on_gpu("gpu", timed_what); // logged when the check returns, the lock still held
  noise_evidence evidence;
  const std::vector<unsigned> own_pids{static_cast<unsigned>(getpid())};
  if (settings.watch_gpu) {
    evidence.before = read_gpu_conditions(gpu_identity(), own_pids);
  }
  const run_attempt attempt = run_check_program(program, {}, work_dir, settings);
  if (settings.watch_gpu) {
    std::vector<unsigned> excluded = own_pids;
    excluded.push_back(static_cast<unsigned>(attempt.pid));
    evidence.after = read_gpu_conditions(gpu_identity(), excluded);
  }
  const process_result& run = attempt.run;
  const check_results& results = attempt.results;
  report.run_seconds = run.wall_seconds;
  if (attempt.sandbox_failed) { // bwrap said why, and nothing of the student's code ran
    report.verdict = exit_code::crashed;
    report.sandbox = "failed";
    report.sandbox_problem = last_lines(run.start_error + run.output, 5);
    while (!report.sandbox_problem.empty() &&
           std::isspace(static_cast<unsigned char>(report.sandbox_problem.back()))) {
      report.sandbox_problem.pop_back();
    }
    report.headline = text("headline.sandbox-failed", {{"error", report.sandbox_problem}});
    return report;
  }
  if (results.summary) {
    evidence.noise_host_us = results.summary->noise_host_us;
    evidence.noise_event_us = results.summary->noise_event_us;
  }
  judge_run(report, run, results, settings);
  // Naming the checks not run runs the program once more, to list them: never outside the sandbox
  // that a graded submission runs in (its code runs before main, whatever it is asked to do).
  if (results.summary && !results.summary->gpu_used && settings.sandbox == sandbox_mode::off &&
      (report.verdict == exit_code::no_device || report.verdict == exit_code::wrong)) {
    explain_checks_not_run(report, lesson, settings.source_dir, program);
  }
  apply_noise_judgement(report, evidence);
  if (settings.sanitize && report.verdict != exit_code::build_failed) {
    sanitize_run(report, lesson, program, work_dir, settings);
  }
  return report;
}

} // namespace gpucheck
