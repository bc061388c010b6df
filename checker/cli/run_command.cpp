// SPDX-License-Identifier: MIT
#include "cli/run_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/lesson_command.hpp"
#include "core/build_driver.hpp"
#include "core/check_runner.hpp"
#include "core/exit_codes.hpp"
#include "core/gpu_probe.hpp"
#include "messages/messages.hpp"

#include <iostream>
#include <unistd.h>

namespace gpucheck::cli {

int run_run_command(const std::vector<std::string>& arguments) {
  const auto start = start_lesson_command(
      arguments, {.command = "run", .value_options = {}, .flag_options = {"solution"}});
  if (const auto* ended = std::get_if<exit_code>(&start)) {
    return to_int(*ended);
  }
  const auto& [parsed, paths, lesson] = std::get<lesson_command_start>(start);
  const bool solution = parsed.flag("solution");
  if (report_missing_exercise(lesson, solution, "run", paths.source_dir)) {
    return to_int(exit_code::build_failed);
  }
  // On stderr: what the program prints on stdout stays its own.
  std::cerr << messages::text(solution ? "run.compiling-solution" : "run.compiling",
                              {{"folder", lesson.folder}})
            << std::endl;
  if (!std::filesystem::exists(paths.build_dir / "bin" / lesson.target_prefix / lesson.folder /
                               (solution ? "run-solution" : "run"))) {
    std::cerr << messages::text("run.first-build") << std::endl;
  }
  const build_outcome built =
      build_target(paths.source_dir, paths.build_dir, lesson.run_target(solution));
  if (!built.ok) {
    if (built.first_error) {
      const compiler_error& error = *built.first_error;
      std::cerr << messages::text(error.is_link_error ? "run.does-not-link"
                                                      : "run.does-not-compile")
                << "\n  ";
      if (!error.file.empty()) {
        std::cerr << error.file << ":" << error.line << ": ";
      }
      std::cerr << error.message << "\n" << error.excerpt;
      if (!error.defined_twice.empty()) {
        std::cerr << advice_for_clash(error, lesson.folder.substr(0, 2)) << "\n";
      }
    } else {
      std::cerr << messages::text("run.build-failed") << "\n" << last_lines(built.output, 30);
    }
    return to_int(exit_code::build_failed);
  }
  // Without a device every CUDA call fails, with errors that mislead (cudaErrorInsufficientDriver
  // asks for a driver upgrade): say what is missing instead, with check's exit code for it.
  if (const gpu_presence gpu = probe_gpu(); !gpu.present) {
    std::cerr << messages::text("run.no-gpu", {{"folder", lesson.folder},
                                               {"reason", gpu.reason},
                                               {"number", lesson.folder.substr(0, 2)}})
              << "\n";
    return to_int(exit_code::no_device);
  }
  const auto program = paths.build_dir / "bin" / lesson.target_prefix / lesson.folder /
                       (solution ? "run-solution" : "run");
  std::vector<std::string> argv_text = {program.string()};
  argv_text.insert(argv_text.end(), parsed.after_dashes.begin(), parsed.after_dashes.end());
  std::vector<char*> argv;
  for (auto& text : argv_text) {
    argv.push_back(text.data());
  }
  argv.push_back(nullptr);
  execv(argv[0], argv.data()); // replaces gpucheck: the program's exit status is make's
  std::cerr << "gpucheck run: "
            << messages::text("run.cannot-start", {{"program", program.string()}}) << "\n";
  return to_int(exit_code::crashed);
}

} // namespace gpucheck::cli
