// SPDX-License-Identifier: MIT
#include "cli/hint_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "core/exit_codes.hpp"
#include "core/front_matter.hpp"
#include "core/student_state.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace gpucheck::cli {

int run_hint_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed =
      parse_arguments(arguments, {"source-dir", "build-dir", "state-file"}, {"all", "fixtures"});
  if (!parsed.error.empty() || parsed.positional.size() != 1) {
    std::cerr << "gpucheck hint: " << (parsed.error.empty() ? "name one lesson" : parsed.error)
              << "\nusage: gpucheck hint LESSON [--all]\n";
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const lesson_catalog catalog = paths.catalog();
  const auto lesson = catalog.resolve(parsed.positional[0]);
  if (!lesson) {
    std::cerr << "gpucheck hint: there is no lesson '" << parsed.positional[0] << "'.\n"
              << catalog.describe_choices() << "\n";
    return to_int(exit_code::usage);
  }
  std::ifstream file(lesson->lesson_dir / "lesson.md");
  std::ostringstream text;
  text << file.rdbuf();
  const auto hints = parse_front_matter(text.str()).list("hints");
  if (hints.empty()) {
    std::cout << "Lesson " << lesson->folder << " has no hints. Read its lesson.md.\n";
    return to_int(exit_code::pass);
  }
  const auto state_file = std::filesystem::path(
      parsed.value("state-file")
          .value_or((paths.source_dir / ".gpucheck" / "state.json").string()));
  student_state state = student_state::load(state_file);
  const int total = static_cast<int>(hints.size());
  const int shown =
      parsed.flag("all") ? total : std::min(total, state.hints_shown(lesson->folder) + 1);
  std::cout << "Hints for lesson " << lesson->folder << ": " << lesson->title << "\n";
  for (int i = 0; i < shown; ++i) {
    std::cout << "\n  " << i + 1 << "/" << total << "  " << hints[static_cast<std::size_t>(i)]
              << "\n";
  }
  if (shown < total) {
    std::cout << "\nRun make hint LESSON=" << lesson->folder.substr(0, 2)
              << " again for the next one.\n";
  } else {
    std::cout << "\nThat was the last hint. The lesson text explains it all: "
              << (lesson->lesson_dir / "lesson.md").string() << "\n";
  }
  state.set_hints_shown(lesson->folder, std::max(shown, state.hints_shown(lesson->folder)));
  if (!state.save(state_file)) {
    std::cerr << "gpucheck hint: could not save progress to " << state_file.string() << "\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
