// SPDX-License-Identifier: MIT
#include "cli/new_lesson_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/usage.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_scaffold.hpp"
#include "messages/messages.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>

namespace gpucheck::cli {
namespace fs = std::filesystem;

int run_new_lesson_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed = parse_arguments(arguments, {"source-dir", "build-dir"}, {});
  const auto usage = [](const std::string& message) {
    std::cerr << "gpucheck new-lesson: " << message << "\n" << command_synopsis("new-lesson");
    return to_int(exit_code::usage);
  };
  if (!parsed.error.empty()) {
    return usage(parsed.error);
  }
  if (parsed.positional.size() != 2) {
    return usage(messages::text("new-lesson.name-it"));
  }
  char* end = nullptr;
  const long number = std::strtol(parsed.positional[0].c_str(), &end, 10);
  if (end == parsed.positional[0].c_str() || *end != '\0') {
    return usage(messages::text("new-lesson.not-a-number", {{"value", parsed.positional[0]}}));
  }
  const std::string slug = parsed.positional[1];
  if (const auto problem = scaffold_name_problem(static_cast<int>(number), slug);
      !problem.empty()) {
    return usage(problem);
  }
  const course_paths paths = find_course_paths(parsed);
  const lesson_catalog catalog = paths.catalog();
  for (const auto& lesson : catalog.lessons()) {
    if (lesson.number == number) {
      return usage(messages::text("new-lesson.number-taken",
                                  {{"number", std::to_string(number)}, {"folder", lesson.folder}}));
    }
  }
  const std::string folder = lesson_folder_name(static_cast<int>(number), slug);
  const auto files = lesson_scaffold(static_cast<int>(number), slug);
  for (const auto& file : files) {
    if (fs::exists(paths.source_dir / file.path)) {
      return usage(messages::text("new-lesson.file-exists", {{"file", file.path}}));
    }
  }
  for (const auto& file : files) {
    const fs::path target = paths.source_dir / file.path;
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    std::ofstream out(target);
    out << file.text;
    if (!out.flush()) {
      std::cerr << "gpucheck new-lesson: "
                << messages::text("reset.could-not-write", {{"file", target.string()}}) << "\n";
      return to_int(exit_code::wrong);
    }
    std::cout << "  " << messages::text("new-lesson.wrote", {{"file", file.path}}) << "\n";
  }
  std::cout << "\n"
            << messages::text("new-lesson.done",
                              {{"folder", folder}, {"number", std::to_string(number)}})
            << "\n";
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
