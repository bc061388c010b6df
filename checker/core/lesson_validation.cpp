// SPDX-License-Identifier: MIT
#include "core/lesson_validation.hpp"

#include "core/lesson_hints.hpp"
#include "messages/messages.hpp"

#include "core/front_matter.hpp"

#include <fstream>
#include <regex>
#include <sstream>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

bool read_text(const fs::path& file, std::string& text) {
  std::ifstream in(file);
  if (!in) {
    return false;
  }
  std::ostringstream bytes;
  bytes << in.rdbuf();
  text = bytes.str();
  return true;
}

std::string shown_path(const fs::path& file, const fs::path& root) {
  const fs::path relative = file.lexically_normal().lexically_relative(root.lexically_normal());
  if (relative.empty() || relative.native().rfind("..", 0) == 0) {
    return file.string();
  }
  return relative.string();
}

// Lines of `text` with `needle`, as "3, 17".
std::string lines_with(const std::string& text, const std::string& needle) {
  std::istringstream in(text);
  std::string line;
  std::string found;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find(needle) != std::string::npos) {
      found += (found.empty() ? "" : ", ") + std::to_string(number);
    }
  }
  return found;
}

} // namespace

std::vector<listing_include> find_listing_includes(const std::string& lesson_markdown) {
  static const std::regex fence(R"(^\s*(```+|~~~+)\s*\{([^}]*)\})");
  static const std::regex include(R"(include\s*=\s*"([^"]*)\")");
  static const std::regex anchor(R"(anchor\s*=\s*"([^"]*)\")");
  std::vector<listing_include> found;
  std::istringstream in(lesson_markdown);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::smatch block;
    if (!std::regex_search(line, block, fence)) {
      continue;
    }
    const std::string attributes = block[2].str();
    std::smatch match;
    if (!std::regex_search(attributes, match, include)) {
      continue;
    }
    listing_include item;
    item.file = match[1].str();
    item.line = number;
    if (std::regex_search(attributes, match, anchor)) {
      item.anchor = match[1].str();
    }
    found.push_back(item);
  }
  return found;
}

std::string anchor_problem(const std::string& text, const std::string& anchor) {
  // A marker is a comment line of its own, as the book's filter reads it
  // (book/filters/listing.lua).
  static const std::regex marker(R"(^\s*[/#;*-]+\s*(ANCHOR|ANCHOR_END):\s*([\w.-]+)\s*$)");
  int starts = 0;
  bool inside = false;
  bool closed = false;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch match;
    if (!std::regex_match(line, match, marker) || match[2].str() != anchor) {
      continue;
    }
    if (match[1].str() == "ANCHOR") {
      ++starts;
      inside = true;
    } else if (inside) {
      inside = false;
      closed = true;
    }
  }
  if (starts == 0) {
    return messages::text("selftest.no-anchor", {{"anchor", anchor}});
  }
  if (starts > 1) {
    return messages::text("selftest.anchor-twice",
                          {{"anchor", anchor}, {"count", std::to_string(starts)}});
  }
  if (!closed) {
    return messages::text("selftest.anchor-open", {{"anchor", anchor}});
  }
  return "";
}

std::vector<std::string> front_matter_problems(const std::string& lesson_markdown,
                                               int folder_number) {
  std::vector<std::string> problems;
  std::string error;
  const front_matter matter = parse_front_matter(lesson_markdown, &error);
  if (!error.empty()) {
    problems.push_back(messages::text("selftest.front-matter", {{"problem", error}}));
    return problems;
  }
  const std::string number = matter.scalar("number");
  if (number.empty()) {
    problems.push_back(messages::text("selftest.no-key", {{"key", "number"}}));
  } else {
    try {
      std::size_t used = 0;
      const int value = std::stoi(number, &used);
      if (used != number.size() || value != folder_number) {
        problems.push_back(
            messages::text("selftest.number-not-folders",
                           {{"number", number}, {"folder", std::to_string(folder_number)}}));
      }
    } catch (const std::exception&) {
      problems.push_back(messages::text("selftest.number-not-number", {{"number", number}}));
    }
  }
  for (const char* key : {"title", "article_section"}) {
    if (matter.scalar(key).empty()) {
      problems.push_back(messages::text("selftest.no-key", {{"key", key}}));
    }
  }
  if (matter.list("objectives").empty()) {
    problems.push_back(messages::text("selftest.no-objectives"));
  }
  if (!matter.list("hints").empty()) {
    problems.push_back(messages::text("selftest.hints-in-front-matter"));
  }
  return problems;
}

namespace {

// "still has TODO(author) on line(s) 3, 7"
std::string placeholder_left(const std::string& lines) {
  return messages::text("selftest.placeholder-left",
                        {{"placeholder", author_placeholder}, {"lines", lines}});
}

} // namespace

std::vector<std::string> lesson_problems(const lesson_entry& lesson,
                                         const fs::path& repository_root,
                                         const fs::path& starter_file) {
  std::vector<std::string> problems;
  const fs::path exercise = lesson.exercise_file(false);
  const fs::path starter_text_file = starter_file.empty() ? exercise : starter_file;
  const auto add = [&](const fs::path& file, const std::string& message) {
    problems.push_back(shown_path(file, repository_root) + ": " + message);
  };
  const fs::path markdown = lesson.lesson_dir / "lesson.md";
  std::string text;
  if (!read_text(markdown, text)) {
    add(markdown, "missing");
  } else {
    for (const auto& problem : front_matter_problems(text, lesson.number)) {
      add(markdown, problem);
    }
    if (const auto lines = lines_with(text, author_placeholder); !lines.empty()) {
      add(markdown, placeholder_left(lines));
    }
    for (const auto& item : find_listing_includes(text)) {
      const fs::path file = !item.file.empty() && item.file[0] == '/'
                                ? repository_root / item.file.substr(1)
                                : lesson.lesson_dir / item.file;
      const std::string where =
          "line " + std::to_string(item.line) + ": include=\"" + item.file + "\"";
      std::string included;
      if (!read_text(file == exercise ? starter_text_file : file, included)) {
        add(markdown, where + ": " +
                          messages::text("selftest.no-such-file",
                                         {{"file", shown_path(file, repository_root)}}));
      } else if (!item.anchor.empty()) {
        if (const auto problem = anchor_problem(included, item.anchor); !problem.empty()) {
          add(markdown, where + ": " +
                            messages::text("selftest.anchor-in",
                                           {{"problem", problem},
                                            {"file", shown_path(file, repository_root)}}));
        }
      }
    }
  }
  // The hints: at least three, from a nudge to nearly the answer, in each language the lesson has.
  for (const char* name : {"hints.md", "hints.zh.md"}) {
    const fs::path file = lesson.lesson_dir / name;
    std::string hints_text;
    if (!read_text(file, hints_text)) {
      if (std::string(name) == "hints.md") {
        add(file, messages::text("selftest.no-hints"));
      }
      continue;
    }
    if (const auto count = parse_hints(hints_text).size(); count < 3) {
      add(file, messages::text("selftest.few-hints", {{"count", std::to_string(count)}}));
    }
    if (const auto lines = lines_with(hints_text, author_placeholder); !lines.empty()) {
      add(file, placeholder_left(lines));
    }
  }
  std::string starter;
  if (!read_text(starter_text_file, starter)) {
    add(lesson.exercise_file(false), messages::text("selftest.missing"));
  } else if (starter.find("TODO") == std::string::npos) {
    add(lesson.exercise_file(false), messages::text("selftest.no-todo"));
  }
  std::string solution;
  if (!read_text(lesson.exercise_file(true), solution)) {
    add(lesson.exercise_file(true), messages::text("selftest.no-solution"));
  }
  for (const char* name : {"check.cu", "main.cu", "exercise.h"}) {
    std::string source;
    const fs::path file = lesson.lesson_dir / name;
    if (!read_text(file, source)) {
      if (std::string(name) !=
          "exercise.h") { // optional: a lesson may declare its functions elsewhere
        add(file, messages::text("selftest.missing"));
      }
    } else if (const auto lines = lines_with(source, author_placeholder); !lines.empty()) {
      add(file, placeholder_left(lines));
    }
  }
  if (const auto lines = lines_with(solution, author_placeholder); !lines.empty()) {
    add(lesson.exercise_file(true), placeholder_left(lines));
  }
  return problems;
}

} // namespace gpucheck
