// SPDX-License-Identifier: MIT
// gpucheck: checks a course lesson (`check`), lists the lessons (`list`). Dispatch only.
#include "cli/check_command.hpp"
#include "cli/grade_command.hpp"
#include "cli/hint_command.hpp"
#include "cli/lint_command.hpp"
#include "cli/list_command.hpp"
#include "cli/new_lesson_command.hpp"
#include "cli/reset_command.hpp"
#include "cli/run_command.hpp"
#include "cli/selftest_command.hpp"
#include "cli/status_command.hpp"
#include "cli/usage.hpp"
#include "cli/watch_command.hpp"
#include "core/exit_codes.hpp"
#include "messages/messages.hpp"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  // GPUCHECK_LANG=zh, or a Chinese locale, shows the messages in Chinese (messages/messages.hpp).
  gpucheck::messages::set_language(gpucheck::messages::language_from_environment());
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty() || arguments[0] == "help" || arguments[0] == "--help" ||
      arguments[0] == "-h") {
    std::cout << gpucheck::cli::full_usage();
    return arguments.empty() ? gpucheck::to_int(gpucheck::exit_code::usage) : 0;
  }
  const std::string& command = arguments[0];
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (const std::string usage = gpucheck::cli::command_usage(command);
      !usage.empty() && gpucheck::cli::asks_for_help(rest)) {
    std::cout << usage;
    return 0;
  }
  if (command == "check") {
    return gpucheck::cli::run_check_command(rest);
  }
  if (command == "hint") {
    return gpucheck::cli::run_hint_command(rest);
  }
  if (command == "lint") {
    return gpucheck::cli::run_lint_command(rest);
  }
  if (command == "run") {
    return gpucheck::cli::run_run_command(rest);
  }
  if (command == "grade") {
    return gpucheck::cli::run_grade_command(rest);
  }
  if (command == "list") {
    return gpucheck::cli::run_list_command(rest);
  }
  if (command == "status") {
    return gpucheck::cli::run_status_command(rest);
  }
  if (command == "watch") {
    return gpucheck::cli::run_watch_command(rest);
  }
  if (command == "reset") {
    return gpucheck::cli::run_reset_command(rest);
  }
  if (command == "selftest") {
    return gpucheck::cli::run_selftest_command(rest);
  }
  if (command == "new-lesson") {
    return gpucheck::cli::run_new_lesson_command(rest);
  }
  std::cerr << "gpucheck: "
            << gpucheck::messages::text("cli.unknown-command", {{"command", command}}) << "\n\n"
            << gpucheck::cli::full_usage();
  return gpucheck::to_int(gpucheck::exit_code::usage);
}
