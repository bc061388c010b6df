// SPDX-License-Identifier: MIT
#include "cli/hint_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/lesson_command.hpp"
#include "core/exit_codes.hpp"
#include "core/lesson_hints.hpp"
#include "core/student_state.hpp"
#include "messages/messages.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace gpucheck::cli {

using messages::text;

int run_hint_command(const std::vector<std::string>& arguments) {
  const auto start = start_lesson_command(
      arguments, {.command = "hint", .value_options = {"state-file"}, .flag_options = {"all"}});
  if (const auto* ended = std::get_if<exit_code>(&start)) {
    return to_int(*ended);
  }
  const auto& [parsed, paths, lesson] = std::get<lesson_command_start>(start);
  const auto hints = read_hints(lesson.lesson_dir); // hints.md, or hints.zh.md in Chinese
  if (hints.empty()) {
    std::cout << text("hint.none", {{"folder", lesson.folder}}) << "\n";
    return to_int(exit_code::pass);
  }
  const auto state_file = std::filesystem::path(
      parsed.value("state-file")
          .value_or((paths.source_dir / ".gpucheck" / "state.json").string()));
  student_state state = student_state::load(state_file);
  const int total = static_cast<int>(hints.size());
  const int shown =
      parsed.flag("all") ? total : std::min(total, state.hints_shown(lesson.folder) + 1);
  std::cout << text("hint.heading", {{"folder", lesson.folder}, {"title", lesson.title}}) << "\n";
  for (int i = 0; i < shown; ++i) {
    std::cout << "\n  " << i + 1 << "/" << total << "  " << hints[static_cast<std::size_t>(i)]
              << "\n";
  }
  if (shown < total) {
    std::cout << "\n" << text("hint.next", {{"number", lesson.folder.substr(0, 2)}}) << "\n";
  } else {
    std::cout << "\n" << text("hint.last", {{"path", lesson.text_file().string()}}) << "\n";
  }
  if (messages::current_language() != messages::language::english) {
    // One counter per lesson, whatever the language: a student who switches (make hint LANG=zh)
    // is told, so that a hint that seems skipped is not taken for a missing one.
    std::cout << text("hint.shared-counter") << "\n";
  }
  state.set_hints_shown(lesson.folder, std::max(shown, state.hints_shown(lesson.folder)));
  if (!state.save(state_file)) {
    std::cerr << text("hint.not-saved", {{"path", state_file.string()}}) << "\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
