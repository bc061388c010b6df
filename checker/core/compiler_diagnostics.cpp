// SPDX-License-Identifier: MIT
#include "core/compiler_diagnostics.hpp"

#include "messages/messages.hpp"

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
    // The next diagnostic ends it; "error" inside a macro's expansion (CUDA_CHECK's) does not.
    static const std::regex diagnostic(
        R"((\(\d+\)|:\d+:\d+): (catastrophic |fatal )?(error|warning|note|remark)|errors? detected)");
    if (line.empty() || std::regex_search(line, diagnostic) || line.rfind("make", 0) == 0 ||
        line.rfind("gmake", 0) == 0 || line.rfind("ninja", 0) == 0 ||
        line.find("Detected") != std::string::npos) {
      break;
    }
    excerpt += line + "\n";
  }
  return excerpt;
}

// The course's own sources that a check or run program links, which a student does not edit: a
// clash is never reported there when the other definition can be named instead. (Not any path
// with "checker" in it: a class may be graded into a folder below build/checker/.)
bool is_course_source(const std::string& file) {
  const std::string name = file.substr(file.find_last_of('/') + 1);
  return file.find("/checkapi/") != std::string::npos ||
         file.find("/lessons/common/") != std::string::npos || name == "check.cu" ||
         name == "main.cu";
}

// GNU ld: "a.cpp:57: multiple definition of `main'; b.o:/path/exercise.cu:40: first defined here"
// (the symbol may be quoted `x' or 'x'; without debug information a location is "(.text+0x0)").
std::optional<compiler_error> multiple_definition(const std::string& line) {
  static const std::regex clash(R"(multiple definition of (?:`|'|‘)(.+?)(?:'|’))");
  static const std::regex location(R"(([^\s:;()]+\.(?:cu|cuh|cpp|cc|cxx|c|h|hpp)):(\d+))");
  std::smatch match;
  if (!std::regex_search(line, match, clash)) {
    return std::nullopt;
  }
  compiler_error error;
  error.is_link_error = true;
  error.defined_twice = match[1];
  error.message = "multiple definition of `" + error.defined_twice + "'";
  // Of the two definitions, the one outside the course's sources; else the first named.
  for (auto it = std::sregex_iterator(line.begin(), line.end(), location);
       it != std::sregex_iterator(); ++it) {
    if (error.file.empty() || (is_course_source(error.file) && !is_course_source((*it)[1]))) {
      error.file = (*it)[1];
      error.line = std::stoi((*it)[2]);
    }
  }
  return error;
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
    } else if (!link_error && (link_error = multiple_definition(lines[i]))) {
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

void place_in_source(compiler_error& error, const std::string& source_text) {
  const auto lines = split_lines(source_text);
  if (error.is_link_error || error.line < 1 || error.line > static_cast<int>(lines.size())) {
    return;
  }
  const auto first_token = [](const std::string& line) { return line.find_first_not_of(" \t"); };
  // The column the compiler's caret points at: gcc says it; nvcc draws it under its own copy of
  // the line (which, in a macro, is the expansion), so only "at the line's first token" is kept.
  bool at_first_token = error.column > 0 && static_cast<std::size_t>(error.column - 1) ==
                                                first_token(lines[error.line - 1]);
  if (error.column == 0) {
    // nvcc's excerpt: the line, then the caret under it. A blank line before them (seen in a
    // parallel first build, where make's own lines come between) is not part of it.
    auto excerpt = split_lines(error.excerpt);
    while (!excerpt.empty() && first_token(excerpt.front()) == std::string::npos)
      excerpt.erase(excerpt.begin());
    at_first_token = excerpt.size() >= 2 && first_token(excerpt[1]) != std::string::npos &&
                     excerpt[1][first_token(excerpt[1])] == '^' &&
                     first_token(excerpt[1]) == first_token(excerpt[0]);
  }
  const bool missing_semicolon = error.message.find("expected a \";\"") != std::string::npos ||
                                 error.message.find("expected ';'") != std::string::npos;
  bool caret_at_end = false;
  if (missing_semicolon && at_first_token) {
    // The ';' is missing at the end of the previous line of code: compilers only notice at the
    // next token, one line (or a few blank and comment lines) later.
    for (int line = error.line - 1; line >= 1; --line) {
      const std::string& text = lines[line - 1];
      const auto start = first_token(text);
      if (start != std::string::npos && text.compare(start, 2, "//") != 0) {
        error.line = line;
        error.column = 0;
        caret_at_end = true;
        break;
      }
    }
  }
  std::string text = lines[error.line - 1];
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) {
    text.pop_back();
  }
  const std::string number = std::to_string(error.line);
  const std::string gutter = std::string(number.size(), ' ') + " | ";
  error.excerpt = number + " | " + text + "\n";
  if (caret_at_end) {
    error.excerpt += gutter + std::string(text.size(), ' ') + "^ here\n";
  } else if (error.column > 0 && error.column <= static_cast<int>(text.size()) + 1) {
    error.excerpt += gutter + std::string(error.column - 1, ' ') + "^\n";
  }
}

std::string advice_for_clash(const compiler_error& error, const std::string& lesson_number) {
  if (error.defined_twice == "main") {
    return messages::text("advice.clash-main", {{"number", lesson_number}});
  }
  return messages::text("advice.clash-rename");
}

} // namespace gpucheck
