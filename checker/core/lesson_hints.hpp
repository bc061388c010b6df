// SPDX-License-Identifier: MIT
// A lesson's hints: lessons/NN-slug/hints.md (hints.zh.md in Chinese), a numbered list, from a
// nudge to nearly the answer. Apart from lesson.md, so that a student reading the lesson does not
// read them by accident; `make hint` shows one at a time, the book puts them in its hints section.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gpucheck {

// The items of the numbered list in `markdown` ("1. text", continued by the lines that follow it
// up to a blank line), each joined into one line.
std::vector<std::string> parse_hints(const std::string& markdown);

// The hints file of a lesson in the messages' language: hints.zh.md where the language is
// Chinese and the lesson has one, else hints.md.
std::filesystem::path hints_file(const std::filesystem::path& lesson_dir);

// parse_hints of hints_file; empty when there is none.
std::vector<std::string> read_hints(const std::filesystem::path& lesson_dir);

} // namespace gpucheck
