// SPDX-License-Identifier: MIT
#include "cli/status_command.hpp"

#include "cli/command_line.hpp"
#include "cli/course_paths.hpp"
#include "cli/progress_state.hpp"
#include "core/exit_codes.hpp"
#include "core/gpu_probe.hpp"
#include "core/lesson_progress.hpp"
#include "core/student_state.hpp"
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

// Pads to `width` columns, counting UTF-8 characters rather than bytes.
std::string padded(const std::string& text, std::size_t width) {
  std::size_t columns = 0;
  for (const unsigned char c : text) {
    columns += (c & 0xC0) != 0x80 ? 1 : 0;
  }
  return text + std::string(columns < width ? width - columns : 1, ' ');
}

} // namespace

int run_status_command(const std::vector<std::string>& arguments) {
  const parsed_arguments parsed =
      parse_arguments(arguments, {"source-dir", "build-dir", "state-file"}, {"fixtures"});
  if (!parsed.error.empty() || !parsed.positional.empty()) {
    std::cerr << "gpucheck status: " << (parsed.error.empty() ? "takes no lesson" : parsed.error)
              << "\nusage: gpucheck status [--state-file FILE]\n";
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
    title_width = std::max(title_width, std::min<std::size_t>(lesson.title.size(), 48));
  }
  table << "  " << padded("#", 4) << padded("title", title_width + 2) << padded("state", 32)
        << "last checked\n";
  for (const auto& lesson : catalog.lessons()) {
    const auto record = state.last_check(lesson.folder);
    const lesson_progress progress =
        classify_progress(record, file_hash(lesson.exercise_file(false)));
    passed += progress == lesson_progress::passed ? 1 : 0;
    std::string title = lesson.title;
    if (title.size() > 48) {
      title = title.substr(0, 45) + "...";
    }
    std::ostringstream number;
    number << std::setw(2) << std::setfill('0') << lesson.number;
    const std::string state_text = describe_progress(progress, record);
    table << "  " << padded(number.str(), 4) << padded(title, title_width + 2);
    if (colour && *colour_of(progress) != '\0') {
      table << colour_of(progress) << state_text << "\033[0m"
            << std::string(state_text.size() < 32 ? 32 - state_text.size() : 1, ' ');
    } else {
      table << padded(state_text, 32);
    }
    table << (record ? local_time_text(record->checked_at) : "-") << "\n";
  }

  std::cout << passed << " of " << catalog.lessons().size() << " lessons passed.\n\n"
            << table.str() << "\n";
  if (damaged) {
    std::cout << "The progress file " << state_file.string()
              << " could not be read; it will be written anew at the next check.\n";
  }
  if (const auto next = first_lesson_not_passed(catalog, state)) {
    std::cout << "Next: make check LESSON=" << next->folder.substr(0, 2) << "  (" << next->folder
              << ", the first lesson not passed yet; `make check` alone checks it too)\n";
    if (const gpu_presence gpu = probe_gpu(); !gpu.present) {
      // Without a GPU no lesson can pass: "Next" would never move on.
      std::cout << "This machine has no NVIDIA GPU (" << gpu.reason
                << "): make check builds your code and runs the checks that need no GPU, but "
                   "a lesson passes only on a machine with one.\n";
    }
  } else if (!catalog.lessons().empty()) {
    std::cout << "Every lesson has passed.\n";
  }
  return to_int(exit_code::pass);
}

} // namespace gpucheck::cli
