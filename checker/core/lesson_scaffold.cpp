// SPDX-License-Identifier: MIT
#include "core/lesson_scaffold.hpp"

#include <cctype>
#include <cstdio>
#include <regex>

namespace gpucheck {
namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

const char lesson_md[] = R"(---
number: @NUMBER@
title: "TODO(author): the lesson's title"
article_section: "TODO(author): the article's section this lesson mirrors, or beyond"
objectives:
  - "TODO(author): what the student can do after this lesson."
hints:
  - "TODO(author): a nudge: where to look."
  - "TODO(author): the idea: which call, and why."
  - "TODO(author): nearly the answer."
---

# TODO(author): the lesson's title

TODO(author): what the student learns, in the article's order. Show code only by anchors:

```{.cuda include="exercise.h" anchor="contract"}
```

Run `make check LESSON=@NUMBER@` to check your exercise, `make hint LESSON=@NUMBER@` when stuck.
)";

const char exercise_h[] = R"(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s functions, shared by exercise.cu (the student's), main.cu (the experiment) and
// check.cu (the checks).
#pragma once

// ANCHOR: contract
// TODO(author): declare what the student writes, each function with its contract (units in the
// names or comments). This placeholder returns the answer to the lesson's question.
double lesson_answer();
// ANCHOR_END: contract
)";

const char exercise_cu[] = R"(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@: TODO(author): the task in two or three lines.
// Run `make check LESSON=@NUMBER@`; `make hint LESSON=@NUMBER@` when you are stuck.
#include "exercise.h"

// ANCHOR: lesson_answer
double lesson_answer() {
  // TODO: write this function (lesson.md explains how).
  return 0.0;
}
// ANCHOR_END: lesson_answer
)";

const char solution_cu[] = R"(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@: the reference solution. TODO(author): write it.
#include "exercise.h"

double lesson_answer() {
  return 0.0;
}
)";

const char main_cu[] = R"(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s experiment (make run LESSON=@NUMBER@). TODO(author): the article's experiment,
// calling the student's functions and printing what the article printed.
#include "cuda_check.cuh"
#include "exercise.h"

#include <cstdio>

int main() {
  std::printf("lesson_answer() = %g\n", lesson_answer());
  return 0;
}
)";

const char check_cu[] = R"(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s checks. TODO(author): write them with GPU_TEST_CASE and the check API
// (checker/checkapi/check.cuh): judge against ground truth measured here (known-duration work,
// fresh random draws), never against a constant, and report each outcome with gpucheck::report().
#include "checkapi/check.cuh"
#include "exercise.h"

// Fails until the checks are written, so that no lesson passes without them.
TEST_CASE("this lesson's checks are not written yet") {
  gpucheck::check_outcome outcome;
  outcome.name = "this lesson's checks are not written yet";
  outcome.passed = false;
  outcome.message = "lessons/@FOLDER@/check.cu is the scaffold of gpucheck new-lesson: it has "
                    "no checks yet.";
  outcome.hint = "Write the lesson's checks in check.cu, then remove this test case.";
  CHECK(gpucheck::report(outcome));
}
)";

} // namespace

std::string lesson_folder_name(int number, const std::string& slug) {
  char digits[8];
  std::snprintf(digits, sizeof digits, "%02d", number);
  return std::string(digits) + "-" + slug;
}

std::string scaffold_name_problem(int number, const std::string& slug) {
  if (number < 0 || number > 99) {
    return "the lesson's number must be 0 to 99";
  }
  static const std::regex slug_pattern("[a-z0-9]+(-[a-z0-9]+)*");
  if (!std::regex_match(slug, slug_pattern)) {
    return "the slug must be lowercase words joined by '-' (my-topic), not '" + slug + "'";
  }
  return "";
}

std::vector<scaffold_file> lesson_scaffold(int number, const std::string& slug) {
  const std::string folder = lesson_folder_name(number, slug);
  const auto fill = [&](const char* text) {
    return replace_all(replace_all(text, "@FOLDER@", folder), "@NUMBER@", std::to_string(number));
  };
  const std::string lesson_dir = "lessons/" + folder + "/";
  return {
      {lesson_dir + "lesson.md", fill(lesson_md)},
      {lesson_dir + "exercise.h", fill(exercise_h)},
      {lesson_dir + "exercise.cu", fill(exercise_cu)},
      {lesson_dir + "main.cu", fill(main_cu)},
      {lesson_dir + "check.cu", fill(check_cu)},
      {"solutions/" + folder + "/exercise.cu", fill(solution_cu)},
  };
}

} // namespace gpucheck
