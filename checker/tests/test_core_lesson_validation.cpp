// SPDX-License-Identifier: MIT
#include "core/lesson_scaffold.hpp"
#include "core/lesson_validation.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const auto& problem : problems) {
    if (problem.find(text) != std::string::npos) {
      return true;
    }
  }
  return false;
}

const char good_front_matter[] = R"(---
number: 4
title: The two ways to synchronize
article_section: "4"
objectives:
  - time with events
---
)";

} // namespace

TEST_CASE("front matter: number matches the folder, title, section, objectives, no hints") {
  CHECK(gpucheck::front_matter_problems(good_front_matter, 4).empty());
  CHECK(mentions(gpucheck::front_matter_problems(good_front_matter, 5),
                 "number 4 does not match the folder's 5"));
  // Hints above the title are read by accident (issue 47): they belong in hints.md.
  const std::string with_hints = "---\nnumber: 1\ntitle: t\narticle_section: s\nobjectives:\n"
                                 "  - o\nhints:\n  - a\n---\n";
  CHECK(mentions(gpucheck::front_matter_problems(with_hints, 1), "belong in hints.md"));
  const auto empty = gpucheck::front_matter_problems("no front matter at all", 1);
  CHECK(mentions(empty, "no `number`"));
  CHECK(mentions(empty, "no `title`"));
  CHECK(mentions(empty, "no `article_section`"));
  CHECK(mentions(empty, "no `objectives`"));
  CHECK(mentions(gpucheck::front_matter_problems("---\nnumber: 1\n", 1), "no closing"));
}

TEST_CASE("listing includes are found with their file, anchor and line") {
  const auto found = gpucheck::find_listing_includes(
      "text\n```{.cuda include=\"exercise.cu\" anchor=\"time_it\"}\n```\n"
      "~~~{.cuda include=\"/checker/checkapi/check.cuh\"}\n~~~\n```cpp\nint x;\n```\n");
  REQUIRE(found.size() == 2);
  CHECK(found[0].file == "exercise.cu");
  CHECK(found[0].anchor == "time_it");
  CHECK(found[0].line == 2);
  CHECK(found[1].file == "/checker/checkapi/check.cuh");
  CHECK(found[1].anchor.empty());
}

TEST_CASE("an anchor must start once and end after it starts") {
  const std::string text = "// ANCHOR: a\nint a;\n// ANCHOR_END: a\n  # ANCHOR: b\n";
  CHECK(gpucheck::anchor_problem(text, "a").empty());
  CHECK(gpucheck::anchor_problem(text, "b").find("no ANCHOR_END") != std::string::npos);
  CHECK(gpucheck::anchor_problem(text, "c") == "no anchor 'c'");
  CHECK(gpucheck::anchor_problem("// ANCHOR: x\n// ANCHOR_END: x\n// ANCHOR: x\n", "x")
            .find("2 times") != std::string::npos);
  CHECK(gpucheck::anchor_problem("int x; // ANCHOR: x\n// ANCHOR_END: x\n", "x") ==
        "no anchor 'x'"); // a marker is a comment line of its own
}

TEST_CASE("a new lesson's scaffold is complete and sound, in its two folders alone") {
  const fs::path root =
      fs::temp_directory_path() / ("gpucheck-scaffold-" + std::to_string(getpid()));
  fs::remove_all(root);
  CHECK(gpucheck::scaffold_name_problem(10, "my-topic").empty());
  CHECK_FALSE(gpucheck::scaffold_name_problem(100, "my-topic").empty());
  CHECK_FALSE(gpucheck::scaffold_name_problem(10, "My Topic").empty());
  for (const auto& file : gpucheck::lesson_scaffold(10, "my-topic")) {
    fs::create_directories((root / file.path).parent_path());
    std::ofstream(root / file.path) << file.text;
  }
  const auto catalog = gpucheck::lesson_catalog::scan(root / "lessons", root / "solutions");
  REQUIRE(catalog.lessons().size() == 1);
  const auto problems = gpucheck::lesson_problems(catalog.lessons()[0], root);
  // The scaffold works as it stands: selftest's static checks find nothing to report.
  for (const auto& problem : problems) {
    MESSAGE(problem);
  }
  CHECK(problems.empty());
  // Every part of a lesson, and nothing outside its two folders.
  std::set<std::string> written;
  for (const auto& file : gpucheck::lesson_scaffold(10, "my-topic")) {
    CHECK_MESSAGE((file.path.starts_with("lessons/10-my-topic/") ||
                   file.path.starts_with("solutions/10-my-topic/")),
                  file.path);
    written.insert(file.path);
  }
  for (const char* part :
       {"lessons/10-my-topic/lesson.md", "lessons/10-my-topic/lesson.zh.md",
        "lessons/10-my-topic/hints.md", "lessons/10-my-topic/hints.zh.md",
        "lessons/10-my-topic/words.en.json", "lessons/10-my-topic/words.zh.json",
        "lessons/10-my-topic/tests/class.tsv", "lessons/10-my-topic/tests/noisy_neighbour.tsv",
        "solutions/10-my-topic/exercise.cu", "solutions/10-my-topic/instructor.md",
        "solutions/10-my-topic/instructor.zh.md"}) {
    CHECK_MESSAGE(written.count(part) == 1, part);
  }

  SUBCASE("a starter without TODO, a missing solution and a broken anchor are reported") {
    std::ofstream(root / "lessons/10-my-topic/exercise.cu") << "double lesson_answer();\n";
    fs::remove(root / "solutions/10-my-topic/exercise.cu");
    std::ofstream(root / "lessons/10-my-topic/exercise.h") << "#pragma once\n";
    std::ofstream(root / "lessons/10-my-topic/hints.md") << "# Hints\n\n1. one\n\n2. two\n";
    const auto broken = gpucheck::lesson_problems(catalog.lessons()[0], root);
    CHECK(mentions(broken, "exercise.cu: the starter has no TODO"));
    CHECK(mentions(broken, "solutions/10-my-topic/exercise.cu: missing"));
    CHECK(mentions(broken, "include=\"exercise.h\": no anchor 'contract' in "
                           "lessons/10-my-topic/exercise.h"));
    CHECK(mentions(broken, "lessons/10-my-topic/hints.md: 2 hints; a lesson needs at least 3"));
  }
  fs::remove_all(root);
}

TEST_CASE("the course's own lessons pass the static checks") {
  const auto catalog = gpucheck::lesson_catalog::scan(fs::path(GPUCHECK_SOURCE_DIR) / "lessons",
                                                      fs::path(GPUCHECK_SOURCE_DIR) / "solutions");
  REQUIRE_FALSE(catalog.lessons().empty());
  for (const auto& lesson : catalog.lessons()) {
    CAPTURE(lesson.folder);
    // The starters as committed (tools/course-as-committed.sh): a student's edits are not the
    // course's.
    const auto problems =
        gpucheck::lesson_problems(lesson, GPUCHECK_SOURCE_DIR,
                                  fs::path(GPUCHECK_BUILD_DIR) / "course-as-committed" / "lessons" /
                                      lesson.folder / "exercise.cu");
    for (const auto& problem : problems) {
      MESSAGE(problem);
    }
    CHECK(problems.empty());
  }
}
