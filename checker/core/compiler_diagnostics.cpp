// SPDX-License-Identifier: MIT
#include "core/compiler_diagnostics.hpp"

#include <regex>
#include <sstream>
#include <vector>

namespace gpucheck {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  std::string line;
  while (std::getline(stream, line)) {
    lines.push_back(line);
  }
  return lines;
}

// The source line and caret that compilers print under an error, up to the next diagnostic.
std::string excerpt_after(const std::vector<std::string>& lines, std::size_t index) {
  std::string excerpt;
  for (std::size_t i = index + 1; i < lines.size() && i <= index + 3; ++i) {
    const std::string& line = lines[i];
    if (line.empty() || line.find("error") != std::string::npos ||
        line.find("warning") != std::string::npos || line.rfind("make", 0) == 0 ||
        line.rfind("gmake", 0) == 0 || line.rfind("ninja", 0) == 0 ||
        line.find("Detected") != std::string::npos) {
      break;
    }
    excerpt += line + "\n";
  }
  return excerpt;
}

} // namespace

std::optional<compiler_error> find_first_error(const std::string& build_output) {
  static const std::regex nvcc_style(R"(^(.+?)\((\d+)\): (?:catastrophic )?error:?\s*(.*)$)");
  static const std::regex gcc_style(R"(^(.+?):(\d+):(\d+): (?:fatal )?error: (.*)$)");
  static const std::regex linker_style(R"(^(.*?):?\s*(undefined reference to .*)$)");
  static const std::regex nvlink_style(R"(^nvlink error\s*:\s*(.*)$)");

  const auto lines = split_lines(build_output);
  std::optional<compiler_error> link_error;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch match;
    compiler_error error;
    if (std::regex_match(lines[i], match, nvcc_style)) {
      error.file = match[1];
      error.line = std::stoi(match[2]);
      error.message = match[3];
    } else if (std::regex_match(lines[i], match, gcc_style)) {
      error.file = match[1];
      error.line = std::stoi(match[2]);
      error.column = std::stoi(match[3]);
      error.message = match[4];
    } else if (!link_error && std::regex_search(lines[i], match, linker_style)) {
      link_error = compiler_error{};
      link_error->message = match[2];
      link_error->is_link_error = true;
      continue;
    } else if (!link_error && std::regex_match(lines[i], match, nvlink_style)) {
      link_error = compiler_error{};
      link_error->message = match[1];
      link_error->is_link_error = true;
      continue;
    } else {
      continue;
    }
    error.excerpt = excerpt_after(lines, i);
    return error; // a compile error comes before any link error it causes
  }
  return link_error;
}

} // namespace gpucheck
