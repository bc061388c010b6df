// SPDX-License-Identifier: MIT
#include "cli/new_lesson_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/usage.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_scaffold.hpp"

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
    return usage("name the lesson's number and slug");
  }
  char* end = nullptr;
  const long number = std::strtol(parsed.positional[0].c_str(), &end, 10);
  if (end == parsed.positional[0].c_str() || *end != '\0') {
    return usage("the number must be a number, not '" + parsed.positional[0] + "'");
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
      return usage("lesson " + std::to_string(number) + " exists already: lessons/" +
                   lesson.folder + " (nothing was written)");
    }
  }
  const std::string folder = lesson_folder_name(static_cast<int>(number), slug);
  const auto files = lesson_scaffold(static_cast<int>(number), slug);
  for (const auto& file : files) {
    if (fs::exists(paths.source_dir / file.path)) {
      return usage(file.path + " exists already (nothing was written)");
    }
  }
  for (const auto& file : files) {
    const fs::path target = paths.source_dir / file.path;
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    std::ofstream out(target);
    out << file.text;
    if (!out.flush()) {
      std::cerr << "gpucheck new-lesson: could not write " << target.string() << "\n";
      return to_int(exit_code::wrong);
    }
    std::cout << "  wrote " << file.path << "\n";
  }
  std::cout << "\nLesson " << folder << " is scaffolded: a small lesson that works as it stands "
            << "(time_work, checked\nagainst known work), in both languages. make selftest LESSON="
            << number << " passes on it; rewrite it part by\npart into the lesson meant, keeping "
            << "make check LESSON=" << number
            << " SOLUTION=1 passing and make check LESSON=" << number << "\nfailing.\n";
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
