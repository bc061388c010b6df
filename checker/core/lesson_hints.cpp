// SPDX-License-Identifier: MIT
#include "core/lesson_hints.hpp"

#include "messages/messages.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

namespace gpucheck {
namespace fs = std::filesystem;

namespace {

// "12. text" -> "text"; empty when the line does not open an item.
std::string item_text(const std::string& line) {
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) {
    ++digits;
  }
  if (digits == 0 || digits + 1 >= line.size() || line[digits] != '.' || line[digits + 1] != ' ') {
    return {};
  }
  return line.substr(digits + 2);
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  const auto last = text.find_last_not_of(" \t\r");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

} // namespace

std::vector<std::string> parse_hints(const std::string& markdown) {
  std::vector<std::string> hints;
  std::istringstream lines(markdown);
  std::string line;
  bool in_item = false;
  while (std::getline(lines, line)) {
    if (const std::string text = item_text(line); !text.empty()) {
      hints.push_back(trimmed(text));
      in_item = true;
    } else if (trimmed(line).empty()) {
      in_item = false;
    } else if (in_item) {
      hints.back() += " " + trimmed(line);
    }
  }
  return hints;
}

fs::path hints_file(const fs::path& lesson_dir) {
  if (messages::current_language() == messages::language::chinese &&
      fs::exists(lesson_dir / "hints.zh.md")) {
    return lesson_dir / "hints.zh.md";
  }
  return lesson_dir / "hints.md";
}

std::vector<std::string> read_hints(const fs::path& lesson_dir) {
  std::ifstream file(hints_file(lesson_dir));
  if (!file) {
    return {};
  }
  std::ostringstream text;
  text << file.rdbuf();
  return parse_hints(text.str());
}

} // namespace gpucheck
