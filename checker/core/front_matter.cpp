// SPDX-License-Identifier: MIT
#include "core/front_matter.hpp"

#include "messages/messages.hpp"

#include <sstream>

namespace gpucheck {
namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) {
    return "";
  }
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// Removes one pair of matching quotes; YAML's escapes beyond \" are not needed by lessons.
std::string unquote(const std::string& text) {
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') &&
      text.back() == text.front()) {
    std::string inner = text.substr(1, text.size() - 2);
    std::string result;
    for (std::size_t i = 0; i < inner.size(); ++i) {
      if (inner[i] == '\\' && i + 1 < inner.size() && text.front() == '"') {
        ++i;
      }
      result += inner[i];
    }
    return result;
  }
  return text;
}

} // namespace

std::string front_matter::scalar(const std::string& key) const {
  const auto found = scalars.find(key);
  return found != scalars.end() ? found->second : "";
}

std::vector<std::string> front_matter::list(const std::string& key) const {
  const auto found = lists.find(key);
  return found != lists.end() ? found->second : std::vector<std::string>{};
}

front_matter parse_front_matter(const std::string& text, std::string* error) {
  front_matter result;
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || trim(line) != "---") {
    return result;
  }
  std::string current_list;
  int line_number = 1;
  while (std::getline(lines, line)) {
    ++line_number;
    const std::string content = trim(line);
    if (content == "---") {
      return result;
    }
    if (content.empty() || content.front() == '#') {
      continue;
    }
    if (content.rfind("- ", 0) == 0 || content == "-") {
      if (current_list.empty()) {
        if (error != nullptr) {
          *error = messages::text("front-matter.item-outside-list",
                                  {{"line", std::to_string(line_number)}});
        }
        return result;
      }
      result.lists[current_list].push_back(unquote(trim(content.substr(1))));
      continue;
    }
    const auto colon = content.find(':');
    if (colon == std::string::npos) {
      if (error != nullptr) {
        *error =
            messages::text("front-matter.not-key-value", {{"line", std::to_string(line_number)}});
      }
      return result;
    }
    const std::string key = trim(content.substr(0, colon));
    const std::string value = trim(content.substr(colon + 1));
    if (value.empty()) {
      current_list = key;
      result.lists[key];
    } else {
      current_list.clear();
      result.scalars[key] = unquote(value);
    }
  }
  if (error != nullptr) {
    *error = messages::text("front-matter.not-closed");
  }
  return result;
}

} // namespace gpucheck
