// SPDX-License-Identifier: MIT
#include "cli/command_line.hpp"

#include "messages/messages.hpp"

namespace gpucheck::cli {

std::optional<std::string> parsed_arguments::value(const std::string& name) const {
  const auto found = values.find(name);
  if (found == values.end()) {
    return std::nullopt;
  }
  return found->second;
}

parsed_arguments parse_arguments(const std::vector<std::string>& arguments,
                                 const std::set<std::string>& value_options,
                                 const std::set<std::string>& flag_options) {
  parsed_arguments parsed;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (argument == "--") {
      parsed.after_dashes.assign(arguments.begin() + static_cast<long>(i) + 1, arguments.end());
      break;
    }
    if (argument.rfind("--", 0) != 0 || argument.size() == 2) {
      parsed.positional.push_back(argument);
      continue;
    }
    std::string name = argument.substr(2);
    std::optional<std::string> inline_value;
    if (const auto equals = name.find('='); equals != std::string::npos) {
      inline_value = name.substr(equals + 1);
      name = name.substr(0, equals);
    }
    if (value_options.count(name) != 0) {
      if (inline_value) {
        parsed.values[name] = *inline_value;
      } else if (i + 1 < arguments.size()) {
        parsed.values[name] = arguments[++i];
      } else {
        parsed.error = messages::text("cli.option-needs-value", {{"option", name}});
        return parsed;
      }
    } else if (flag_options.count(name) != 0 && !inline_value) {
      parsed.flags.insert(name);
    } else {
      parsed.error = messages::text("cli.unknown-option", {{"option", name}});
      return parsed;
    }
  }
  return parsed;
}

} // namespace gpucheck::cli
