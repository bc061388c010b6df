// SPDX-License-Identifier: MIT
#include "cli/lint_command.hpp"

#include "analysis/traced_analysis.hpp"
#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/timeout_option.hpp"
#include "cli/usage.hpp"
#include "core/check_runner.hpp"
#include "core/compiler_diagnostics.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_catalog.hpp"
#include "core/process_runner.hpp"
#include "messages/messages.hpp"
#include "report/lint_report.hpp"
#include "report/terminal_report.hpp"
#include "rules/registry.hpp"
#include "timeline/timeline_svg.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace gpucheck::cli {
namespace fs = std::filesystem;
namespace {

std::string find_nvcc() {
  for (const char* candidate : {"/usr/local/cuda/bin/nvcc"}) {
    if (access(candidate, X_OK) == 0) {
      return candidate;
    }
  }
  return "nvcc"; // from PATH
}

bool machine_has_gpu() {
  return system("nvidia-smi -L >/dev/null 2>&1") == 0;
}

// Builds FILE.cu the way a student would (nvcc, cuBLAS linked), with line information so that
// clock reads can be traced back to their source lines.
int build_program(const fs::path& source, const fs::path& output) {
  process_options options;
  options.argv = {find_nvcc(),     "-std=c++17", "-O2",           "-g",      "-lineinfo",
                  source.string(), "-o",         output.string(), "-lcublas"};
  if (machine_has_gpu()) {
    options.argv.insert(options.argv.begin() + 1, "-arch=native");
  }
  options.time_limit = std::chrono::minutes(5);
  const process_result built = run_process(options);
  if (built.exited_with(0)) {
    return to_int(exit_code::pass);
  }
  std::cerr << "gpucheck lint: "
            << messages::text("lint.does-not-build", {{"file", source.string()}}) << "\n";
  if (const auto error = find_first_error(built.start_error + built.output)) {
    std::cerr << "  " << error->file << ":" << error->line << ": " << error->message << "\n"
              << error->excerpt;
  } else {
    std::cerr << last_lines(built.start_error + built.output, 20);
  }
  return to_int(exit_code::build_failed);
}

// Without a GPU the program ran, but its numbers are not a GPU's and there is no GPU activity to
// judge them by: say so, and what lint would have judged (the intervals it timed, the rules).
void say_what_lint_would_judge(const trace::run_trace& trace) {
  const rules::rule_results found = analysis::analyze(trace, {});
  std::cout << "\n" << messages::text("lint.no-gpu") << "\n";
  std::cout << (found.intervals.empty()
                    ? messages::text("lint.would-judge-none")
                    : messages::text("lint.would-judge",
                                     {{"count", std::to_string(found.intervals.size())}}))
            << "\n";
  for (const rules::rule_info& rule : rules::all_rules()) {
    if (rule.level != rules::severity::note) {
      std::cout << "  " << rule.id
                << std::string(24 - std::min<std::size_t>(rule.id.size(), 22), ' ') << rule.title
                << "\n";
    }
  }
  std::cout << messages::text("lint.no-gpu-next") << "\n";
}

} // namespace

int run_lint_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed = parse_arguments(
      arguments, {"timeline", "timeout", "keep-trace", "source-dir", "build-dir"}, {"json"});
  const bool has_file = parsed.positional.size() == 1;
  if (!parsed.error.empty() || parsed.positional.size() > 1 ||
      (!has_file && parsed.after_dashes.empty())) {
    std::cerr << "gpucheck lint: "
              << (parsed.error.empty() ? messages::text("lint.name-a-program") : parsed.error)
              << "\n"
              << command_synopsis("lint");
    return to_int(exit_code::usage);
  }
  const auto timeout = timeout_seconds(parsed, "lint", {.seconds = 120});
  if (!timeout) {
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const fs::path work_dir = paths.build_dir / "gpucheck" / "lint";
  fs::create_directories(work_dir);

  std::vector<std::string> program = parsed.after_dashes;
  if (has_file) {
    const fs::path source = parsed.positional[0];
    if (!fs::exists(source)) {
      std::cerr << "gpucheck lint: "
                << messages::text("lint.no-such-file", {{"file", source.string()}}) << "\n";
      return to_int(exit_code::usage);
    }
    if (source.extension() == ".py") {
      // A Python script (a PyTorch program) runs as it is, with the python3 of PATH: the tracer
      // attributes its reads to its Python lines (checker/trace/FORMAT.md, "Python frames").
      program.insert(program.begin(), {"python3", fs::absolute(source).string()});
    } else {
      const fs::path binary = work_dir / source.stem();
      if (const int built = build_program(source, binary); built != 0) {
        return built;
      }
      program.insert(program.begin(), binary.string());
    }
  }

  const fs::path trace_file =
      parsed.value("keep-trace")
          .value_or((work_dir / ("trace-" + std::to_string(getpid()) + ".jsonl")).string());
  fs::remove(trace_file);
  std::string tracer_error;
  const auto tracer = analysis::tracer_environment(paths.build_dir, trace_file, tracer_error);
  if (!tracer) {
    std::cerr << "gpucheck lint: " << tracer_error << "\n";
    return to_int(exit_code::usage);
  }
  process_options options;
  options.argv = program;
  options.environment = *tracer;
  options.time_limit = time_limit_of(*timeout);
  options.echo = !parsed.flag("json");
  const process_result run = run_process(options);

  const analysis::loaded_trace loaded =
      analysis::load_trace(trace_file, {}, parsed.value("keep-trace").has_value());
  if (!loaded.trace) {
    std::cerr << "gpucheck lint: "
              << messages::text("lint.no-usable-trace", {{"error", loaded.error}}) << "\n";
    if (!run.started) {
      std::cerr << "  " << run.start_error << "\n";
    }
    return to_int(exit_code::crashed);
  }
  const trace::run_trace& trace = *loaded.trace;
  if (trace.info.device.empty() && trace.activity.empty()) {
    say_what_lint_would_judge(trace);
    return to_int(exit_code::no_device);
  }

  lint_report result;
  // A script is named as its reader knows it, not as the interpreter that ran it.
  const bool script = has_file && fs::path(parsed.positional[0]).extension() == ".py";
  result.program = script ? fs::path(parsed.positional[0]).filename().string() : program.front();
  result.device = trace.info.device;
  rules::rule_options rule_options;
  rule_options.learn = course_learn_links(paths.source_dir); // the lessons that teach the fixes
  rules::rule_results analysed = analysis::analyze(trace, rule_options);
  result.interval_count = static_cast<int>(analysed.intervals.size());
  result.findings = std::move(analysed.findings);
  result.notes = std::move(analysed.notes);
  if (const auto timeline = parsed.value("timeline")) {
    std::ofstream(*timeline) << report::render_timeline_svg(trace, analysed.intervals,
                                                            result.findings, {});
    result.timeline_path = *timeline;
  }
  if (!parsed.value("keep-trace")) {
    fs::remove(trace_file);
  }
  std::cout << (parsed.flag("json") ? render_lint_json(result)
                                    : render_lint_terminal(result, colour_wanted(STDOUT_FILENO)));
  if (run.timed_out || run.signal != 0) {
    std::cerr << "gpucheck lint: "
              << (run.timed_out ? messages::text("lint.program-timed-out")
                                : messages::text("lint.program-ended",
                                                 {{"signal", describe_signal(run.signal)}}))
              << "\n";
    return to_int(exit_code::crashed);
  }
  return to_int(result.findings.empty() ? exit_code::pass : exit_code::wrong);
}

} // namespace gpucheck::cli
