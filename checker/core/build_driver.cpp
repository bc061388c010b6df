// SPDX-License-Identifier: MIT
#include "core/build_driver.hpp"

#include "core/process_runner.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace gpucheck {

namespace {

// The compiler's path for a file, freed of what a parallel build wrote on the same line before it
// (make's "[ 85%] Building CUDA object .../check.cu.o" with no line end, then nvcc's
// "/course/exercise.cu(9): error: ..."): the first tail of it, from a '/', that names a file.
void free_the_path(std::string& file) {
  if (std::filesystem::exists(file))
    return;
  for (std::size_t at = file.find('/'); at != std::string::npos; at = file.find('/', at + 1)) {
    if (std::filesystem::is_regular_file(file.substr(at))) {
      file = file.substr(at);
      return;
    }
  }
}

// Places `error` in `file`, read whole; false when it cannot be read.
bool place_in_file(compiler_error& error, const std::filesystem::path& file) {
  std::ifstream source(file, std::ios::binary);
  if (!source.is_open())
    return false;
  std::ostringstream text;
  text << source.rdbuf();
  place_in_source(error, text.str());
  return true;
}

} // namespace

void find_build_error(build_outcome& outcome) {
  outcome.first_error = find_first_error(outcome.output);
  if (outcome.first_error && !outcome.first_error->file.empty()) {
    free_the_path(outcome.first_error->file);
    place_in_file(*outcome.first_error, outcome.first_error->file);
  }
}

void place_in_exercise(compiler_error& error, const std::filesystem::path& exercise_file) {
  namespace fs = std::filesystem;
  if (error.file.empty() || exercise_file.empty() || fs::is_regular_file(error.file) ||
      fs::path(error.file).filename() != exercise_file.filename())
    return;
  const std::string lost = error.file;
  error.file = exercise_file.string();
  if (!place_in_file(error, exercise_file))
    error.file = lost;
}

bool error_path_lost(const build_outcome& outcome) {
  return outcome.first_error && !outcome.first_error->file.empty() &&
         !std::filesystem::is_regular_file(outcome.first_error->file);
}

build_outcome build_target(const std::filesystem::path& source_dir,
                           const std::filesystem::path& build_dir, const std::string& target,
                           progress_reporter& reporter, std::chrono::milliseconds time_limit) {
  build_outcome outcome;
  reporter.build_started(target);
  if (!std::filesystem::exists(build_dir / "CMakeCache.txt")) {
    process_options configure;
    configure.argv = {"cmake", "-S", source_dir.string(), "-B", build_dir.string()};
    configure.time_limit = time_limit;
    const process_result configured = run_process(configure);
    outcome.seconds += configured.wall_seconds;
    if (!configured.exited_with(0)) {
      outcome.output = configured.start_error + configured.output;
      reporter.build_finished(target, outcome);
      return outcome;
    }
  }
  process_options build;
  // In parallel: a fresh tree (a grading tree, a student's first check) builds the check API's
  // sources too, and one compiler at a time would take most of a minute.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  build.argv = {"cmake", "--build",    build_dir.string(),   "--target",
                target,  "--parallel", std::to_string(cores)};
  build.time_limit = time_limit;
  build.output_limit_bytes = 4 * 1024 * 1024;
  const process_result built = run_process(build);
  outcome.seconds += built.wall_seconds;
  outcome.output = built.start_error + built.output;
  outcome.ok = built.exited_with(0);
  if (!outcome.ok) {
    find_build_error(outcome);
    // Parallel compilers can write into the middle of each other's lines, and then the error's
    // file is no path at all (exercise.cu:9 quoted raw, where line 8 is meant: a flaky test under
    // a parallel ctest). One compiler at a time writes whole lines; only the failed object is left
    // to build, so this costs one compile, and only where the path was lost.
    if (error_path_lost(outcome)) {
      build.argv = {"cmake", "--build", build_dir.string(), "--target", target, "--parallel", "1"};
      const process_result again = run_process(build);
      outcome.seconds += again.wall_seconds;
      outcome.output = again.start_error + again.output;
      outcome.ok = again.exited_with(0);
      outcome.first_error.reset();
      if (!outcome.ok)
        find_build_error(outcome);
    }
  }
  reporter.build_finished(target, outcome);
  return outcome;
}

} // namespace gpucheck
