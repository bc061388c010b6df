// SPDX-License-Identifier: MIT
// The files of a new lesson (`gpucheck new-lesson NUM SLUG`): a small lesson that works as it
// stands (its texts in both languages, starter, experiment, check and its words, a class of
// submissions, the reference and the instructor's notes), so that `gpucheck selftest` passes on it
// while the author rewrites it part by part. Everything is written under lessons/NN-slug and
// solutions/NN-slug.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace gpucheck {

struct scaffold_file {
  std::string path; // relative to the course's root: lessons/10-my-topic/lesson.md, ...
  std::string text;
};

// "" when NUM and SLUG make a lesson folder name; otherwise why not.
std::string scaffold_name_problem(int number, const std::string& slug);

// "10-my-topic"
std::string lesson_folder_name(int number, const std::string& slug);

std::vector<scaffold_file> lesson_scaffold(int number, const std::string& slug);

} // namespace gpucheck
