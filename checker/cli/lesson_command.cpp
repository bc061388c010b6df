// SPDX-License-Identifier: MIT
#include "cli/lesson_command.hpp"

#include "cli/progress_state.hpp"
#include "cli/usage.hpp"
#include "messages/messages.hpp"

#include <iostream>

namespace gpucheck::cli {

std::variant<lesson_command_start, exit_code>
start_lesson_command(const std::vector<std::string>& arguments, const lesson_command_line& line) {
  std::set<std::string> values = line.value_options;
  values.insert({"source-dir", "build-dir"});
  std::set<std::string> flags = line.flag_options;
  flags.insert("fixtures");
  lesson_command_start start;
  start.parsed = parse_arguments(arguments, values, flags);
  const std::size_t named = start.parsed.positional.size();
  if (!start.parsed.error.empty() || named > 1 || (named == 0 && !line.next_when_unnamed)) {
    std::cerr << "gpucheck " << line.command << ": "
              << (start.parsed.error.empty() ? messages::text("cli.name-one-lesson")
                                             : start.parsed.error)
              << "\n"
              << command_synopsis(line.command);
    return exit_code::usage;
  }
  start.paths = find_course_paths(start.parsed);
  const lesson_catalog catalog = start.paths.catalog();
  const auto lesson = named == 0
                          ? choose_next_lesson(catalog, state_file_path(start.parsed, start.paths))
                          : catalog.resolve(start.parsed.positional[0]);
  if (!lesson && named == 0) {
    return exit_code::pass; // every lesson has passed
  }
  if (!lesson) {
    std::cerr << messages::text("error.no-lesson",
                                {{"command", line.command}, {"name", start.parsed.positional[0]}})
              << "\n"
              << catalog.describe_choices() << "\n";
    return exit_code::usage;
  }
  start.lesson = *lesson;
  return start;
}

} // namespace gpucheck::cli
