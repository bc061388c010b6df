// SPDX-License-Identifier: MIT
#include "cli/status_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/progress_state.hpp"
#include "cli/usage.hpp"
#include "core/exit_codes.hpp"
#include "core/gpu_probe.hpp"
#include "core/lesson_progress.hpp"
#include "core/student_state.hpp"
#include "messages/messages.hpp"
#include "report/terminal_report.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace gpucheck::cli {
namespace {

const char* colour_of(lesson_progress progress) {
  switch (progress) {
  case lesson_progress::passed:
    return "\033[32m";
  case lesson_progress::failing:
    return "\033[31m";
  case lesson_progress::built_not_run:
  case lesson_progress::changed_since_pass:
    return "\033[33m";
  case lesson_progress::not_started:
    break;
  }
  return "";
}

using messages::text;

// Pads to `width` terminal columns (a CJK character takes two).
std::string padded(const std::string& label, std::size_t width) {
  return messages::pad_label(label, width);
}

// The longest start of `title` that fits in `columns`, cut between UTF-8 characters.
std::string shortened(const std::string& title, std::size_t columns) {
  std::size_t end = 0;
  while (end < title.size()) {
    std::size_t next = end + 1;
    while (next < title.size() && (static_cast<unsigned char>(title[next]) & 0xC0) == 0x80)
      ++next;
    if (messages::display_width(std::string_view(title).substr(0, next)) > columns)
      break;
    end = next;
  }
  return title.substr(0, end);
}

} // namespace

int run_status_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed =
      parse_arguments(arguments, {"source-dir", "build-dir", "state-file"}, {"fixtures"});
  if (!parsed.error.empty() || !parsed.positional.empty()) {
    std::cerr << "gpucheck status: "
              << (parsed.error.empty() ? messages::text("cli.status-takes-no-lesson")
                                       : parsed.error)
              << "\n"
              << command_synopsis("status");
    return to_int(exit_code::usage);
  }
  const course_paths paths = find_course_paths(parsed);
  const lesson_catalog catalog = paths.catalog();
  const auto state_file = state_file_path(parsed, paths);
  bool damaged = false;
  const student_state state = student_state::load(state_file, &damaged);
  const bool colour = colour_wanted(STDOUT_FILENO);

  int passed = 0;
  std::ostringstream table;
  std::size_t title_width = 5;
  for (const auto& lesson : catalog.lessons()) {
    title_width =
        std::max(title_width, std::min<std::size_t>(messages::display_width(lesson.title), 48));
  }
  table << "  " << padded("#", 4) << padded(text("status.column-title"), title_width + 2)
        << padded(text("status.column-state"), 32) << text("status.column-checked") << "\n";
  for (const auto& lesson : catalog.lessons()) {
    const auto record = state.last_check(lesson.folder);
    const lesson_progress progress =
        classify_progress(record, file_hash(lesson.exercise_file(false)));
    passed += progress == lesson_progress::passed ? 1 : 0;
    std::string title = lesson.title;
    if (messages::display_width(title) > 48) {
      title = shortened(title, 45) + "...";
    }
    std::ostringstream number;
    number << std::setw(2) << std::setfill('0') << lesson.number;
    const std::string state_text = describe_progress(progress, record);
    const std::size_t state_width = messages::display_width(state_text);
    table << "  " << padded(number.str(), 4) << padded(title, title_width + 2);
    if (colour && *colour_of(progress) != '\0') {
      table << colour_of(progress) << state_text << "\033[0m"
            << std::string(state_width < 32 ? 32 - state_width : 1, ' ');
    } else {
      table << padded(state_text, 32);
    }
    table << (record ? local_time_text(record->checked_at) : "-") << "\n";
  }

  std::cout << text("status.summary", {{"passed", std::to_string(passed)},
                                       {"total", std::to_string(catalog.lessons().size())}})
            << "\n\n"
            << table.str() << "\n";
  if (damaged) {
    std::cout << text("status.damaged", {{"path", state_file.string()}}) << "\n";
  }
  if (const auto next = first_lesson_not_passed(catalog, state)) {
    std::cout << text("status.next",
                      {{"number", next->folder.substr(0, 2)}, {"folder", next->folder}})
              << "\n";
    if (const gpu_presence gpu = probe_gpu(); !gpu.present) {
      // Without a GPU no lesson can pass: "Next" would never move on.
      std::cout << text("status.no-gpu", {{"reason", gpu.reason}}) << "\n";
    }
  } else if (!catalog.lessons().empty()) {
    std::cout << text("status.all-passed") << "\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
