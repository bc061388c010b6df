// SPDX-License-Identifier: MIT
// The static half of `gpucheck selftest`: what a lesson must be, checked without building it.
// Its front matter (number matching the folder, title, article section, objectives, at least three
// hints), a starter with a TODO, a reference solution, no authoring placeholder left, and every
// listing its lesson.md includes by anchor present in the file it names.
#pragma once

#include "core/lesson_catalog.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpucheck {

// A code block of lesson.md that includes a file by anchor: ```{.cuda include="F" anchor="A"}
struct listing_include {
  std::string file;   // as written: relative to the lesson's folder, or "/..." from the repository
  std::string anchor; // empty: the whole file
  int line = 0;       // in lesson.md
};

std::vector<listing_include> find_listing_includes(const std::string& lesson_markdown);

// "" when `text` has `// ANCHOR: name` once and a matching `// ANCHOR_END: name` after it;
// otherwise what is wrong ("no anchor 'x'", "anchor 'x' is never closed", ...).
std::string anchor_problem(const std::string& text, const std::string& anchor);

// What is wrong with the front matter of a lesson in folder number `folder_number`; empty if
// nothing.
std::vector<std::string> front_matter_problems(const std::string& lesson_markdown,
                                               int folder_number);

// Every static problem of one lesson, each prefixed with the file it concerns (relative to
// `repository_root` where it is inside it). `starter`, when given, is read in place of the
// lesson's exercise.cu (the starter as committed: tools/course-as-committed.sh), so that a
// student's edits are not taken for the course's.
std::vector<std::string> lesson_problems(const lesson_entry& lesson,
                                         const std::filesystem::path& repository_root,
                                         const std::filesystem::path& starter = {});

// The marker that the lesson scaffold (`gpucheck new-lesson`) leaves wherever the author still
// has to write something; selftest reports every one left.
inline constexpr char author_placeholder[] = "TODO(author)";

} // namespace gpucheck
