// SPDX-License-Identifier: MIT
#include "cli/list_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/usage.hpp"
#include "core/exit_codes.hpp"

#include <iostream>

namespace gpucheck::cli {

int run_list_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed =
      parse_arguments(arguments, {"source-dir", "build-dir"}, {"fixtures"});
  if (!parsed.error.empty()) {
    std::cerr << "gpucheck list: " << parsed.error << "\n" << command_synopsis("list");
    return to_int(exit_code::usage);
  }
  const lesson_catalog catalog = find_course_paths(parsed).catalog();
  for (const auto& lesson : catalog.lessons()) {
    std::cout << lesson.folder << "\t" << lesson.title << "\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
