// SPDX-License-Identifier: MIT
#include "core/check_build_shortcut.hpp"

#include "core/process_runner.hpp"
#include "core/submission_builds.hpp"

#include <fstream>
#include <sstream>
#include <vector>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

// A file that cannot be part of a build: hidden (an editor's swap file, .git) or a backup (name~).
bool ignored_name(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.empty() || name.front() == '.' || name.back() == '~';
}

// The time of `path`, or nullopt when it has none (missing).
std::optional<fs::file_time_type> time_of(const fs::path& path) {
  std::error_code error;
  const fs::file_time_type time = fs::last_write_time(path, error);
  if (error) {
    return std::nullopt;
  }
  return time;
}

// The first file below `folder` (or `folder` itself, a file) newer than `since`, other than those
// in `skipped`; "" when there is none.
std::string newer_file(const fs::path& folder, fs::file_time_type since,
                       const std::vector<fs::path>& skipped) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) {
    const auto time = time_of(folder);
    return time && *time > since ? folder.string() : "";
  }
  fs::recursive_directory_iterator entry(folder, error);
  for (const fs::recursive_directory_iterator end; !error && entry != end; entry.increment(error)) {
    if (ignored_name(entry->path())) {
      if (entry->is_directory(error)) {
        entry.disable_recursion_pending();
      }
      continue;
    }
    if (!entry->is_regular_file(error)) {
      continue;
    }
    const auto time = time_of(entry->path());
    if (!time || *time <= since) {
      continue;
    }
    bool skip = false;
    for (const fs::path& path : skipped) {
      skip = skip || fs::equivalent(entry->path(), path, error);
    }
    if (!skip) {
      return entry->path().string();
    }
  }
  return "";
}

// The words of a command line or a response file, without the quotes around a word.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream stream(text);
  for (std::string word; stream >> word;) {
    if (word.size() > 1 && word.front() == '"' && word.back() == '"') {
      word = word.substr(1, word.size() - 2);
    }
    words.push_back(word);
  }
  return words;
}

// Every object and library the link reads (words ending in .o or .a, on its command line and in
// its response files: @objects1, @linkLibs.rsp), as paths from `directory`.
std::vector<fs::path> link_inputs(const std::string& link_command, const fs::path& directory) {
  std::vector<std::string> words = words_of(link_command);
  for (const std::string& word : words_of(link_command)) {
    if (word.size() > 1 && word.front() == '@') {
      std::ifstream file(directory / word.substr(1));
      std::ostringstream text;
      text << file.rdbuf();
      const std::vector<std::string> more = words_of(text.str());
      words.insert(words.end(), more.begin(), more.end());
    }
  }
  std::vector<fs::path> inputs;
  for (const std::string& word : words) {
    if (word.ends_with(".o") || word.ends_with(".a")) {
      inputs.push_back(directory / word);
    }
  }
  return inputs;
}

// Runs one of CMake's command lines in the tree, as make would; adds its output to `outcome`.
bool run_command_line(const std::string& command, const fs::path& directory,
                      std::chrono::milliseconds time_limit, build_outcome& outcome) {
  process_options options;
  options.argv = {"sh", "-c", command};
  options.working_dir = directory;
  options.time_limit = time_limit;
  options.output_limit_bytes = 4 * 1024 * 1024;
  const process_result result = run_process(options);
  outcome.seconds += result.wall_seconds;
  outcome.output += result.start_error + result.output;
  return result.exited_with(0);
}

} // namespace

fs::path check_build_stamp(const check_build_request& request) {
  return request.build_dir / "gpucheck" / (request.program_target + ".built");
}

std::string newer_input(const check_build_request& request, fs::file_time_type stamp_time) {
  // The lesson's own starter is an input of the student's program only, where it is the exercise.
  const std::vector<fs::path> skipped{request.exercise, request.lesson_dir / "exercise.cu"};
  const std::vector<fs::path> inputs{request.source_dir / "CMakeLists.txt",
                                     request.build_dir / "CMakeCache.txt",
                                     request.lesson_dir,
                                     request.exercise.parent_path(), // the solution's folder
                                     request.source_dir / "lessons" / "common",
                                     request.source_dir / "checker",
                                     request.source_dir / "cmake"};
  for (const fs::path& input : inputs) {
    if (std::string newer = newer_file(input, stamp_time, skipped); !newer.empty()) {
      return newer;
    }
  }
  return "";
}

std::optional<build_outcome> build_check_by_shortcut(const check_build_request& request,
                                                     std::chrono::milliseconds time_limit,
                                                     progress_reporter& reporter) {
  const auto stamp_time = time_of(check_build_stamp(request));
  if (!stamp_time || !newer_input(request, *stamp_time).empty()) {
    return std::nullopt;
  }
  std::string why;
  const auto recipe = read_check_build_recipe(request.build_dir, request.exercise_target,
                                              request.program_target, request.exercise, why,
                                              /*for_other_files=*/false);
  if (!recipe) {
    return std::nullopt;
  }
  const fs::path object = recipe->directory / recipe->object;
  for (const fs::path& input : link_inputs(recipe->link_command, recipe->directory)) {
    std::error_code error;
    const auto time = time_of(input);
    if (!fs::equivalent(input, object, error) && (!time || *time > *stamp_time)) {
      return std::nullopt; // rebuilt (or removed) since: CMake knows what else changed
    }
  }
  const auto program_time = time_of(recipe->directory / recipe->program);
  const auto object_time = time_of(object);
  const auto exercise_time = time_of(request.exercise);
  if (!program_time || !exercise_time) {
    return std::nullopt;
  }
  const bool compile = !object_time || *exercise_time > *object_time;
  const bool link = compile || *object_time > *program_time;
  build_outcome outcome;
  if (!compile && !link) {
    outcome.ok = true; // up to date
    return outcome;
  }
  reporter.build_started(request.program_target);
  outcome.ok = (!compile || run_command_line(recipe->compile_command, recipe->directory, time_limit,
                                             outcome)) &&
               run_command_line(recipe->link_command, recipe->directory, time_limit, outcome);
  if (!outcome.ok) {
    find_build_error(outcome);
  }
  reporter.build_finished(request.program_target, outcome);
  return outcome;
}

void leave_check_build_stamp(const check_build_request& request, fs::file_time_type started) {
  const fs::path stamp = check_build_stamp(request);
  std::error_code error;
  fs::create_directories(stamp.parent_path(), error);
  std::ofstream(stamp) << "built through CMake: " << request.program_target << "\n";
  fs::last_write_time(stamp, started, error);
}

} // namespace gpucheck
