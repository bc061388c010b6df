// SPDX-License-Identifier: MIT
#include "checkapi/say.hpp"

#include "messages/messages.hpp"

#include <vector>

namespace gpucheck {

std::string say(std::string_view id, std::initializer_list<said_value> values) {
  std::vector<messages::argument> arguments;
  arguments.reserve(values.size());
  for (const said_value& value : values)
    arguments.push_back({value.name, value.value});
  return messages::text(id, std::span<const messages::argument>(arguments));
}

namespace detail {
void choose_language_from_environment() {
  messages::set_language(messages::language_from_environment());
}
} // namespace detail

} // namespace gpucheck
