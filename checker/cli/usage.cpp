// SPDX-License-Identifier: MIT
#include "cli/usage.hpp"

#include "messages/messages.hpp"

#include <algorithm>

namespace gpucheck::cli {
namespace {

struct command_block {
  std::string_view name;
  std::string_view text_id; // its text starts with "  gpucheck NAME", ends with a newline
};

// Every option a command's parse_arguments accepts is named in its block (the integration tests
// `integration_help_*` hold `check`'s to that), except the three every command takes (below). The
// texts are messages (usage.NAME): the syntax lines the same in both languages, the rest
// translated.
constexpr command_block blocks[] = {
    {"check", "usage.check"},
    {"grade", "usage.grade"},
    {"run", "usage.run"},
    {"hint", "usage.hint"},
    {"lint", "usage.lint"},
    {"list", "usage.list"},
    {"status", "usage.status"},
    {"watch", "usage.watch"},
    {"reset", "usage.reset"},
    {"selftest", "usage.selftest"},
    {"new-lesson", "usage.new-lesson"},
};

std::string common_options() {
  return messages::text("usage.common-options");
}

std::string exit_codes() {
  return messages::text("usage.exit-codes");
}

} // namespace

std::string full_usage() {
  std::string text = messages::text("usage.title");
  for (const auto& block : blocks) {
    text += messages::text(block.text_id);
  }
  return text + "\n" + common_options() + "\n" + exit_codes();
}

std::string command_synopsis(std::string_view command) {
  const auto found =
      std::find_if(std::begin(blocks), std::end(blocks),
                   [&](const command_block& block) { return block.name == command; });
  return found == std::end(blocks)
             ? std::string()
             : messages::text("usage.heading") + messages::text(found->text_id);
}

std::string command_usage(std::string_view command) {
  const std::string synopsis = command_synopsis(command);
  if (synopsis.empty()) {
    return {};
  }
  return synopsis + "\n" + common_options() + "\n" + exit_codes();
}

bool asks_for_help(const std::vector<std::string>& arguments) {
  for (const std::string& argument : arguments) {
    if (argument == "--") {
      return false;
    }
    if (argument == "--help" || argument == "-h") {
      return true;
    }
  }
  return false;
}

} // namespace gpucheck::cli
