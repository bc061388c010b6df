// SPDX-License-Identifier: MIT
#include "core/lesson_catalog.hpp"
#include "messages/messages.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using gpucheck::lesson_catalog;

namespace {

// A throwaway course tree: lessons/NN-slug/{exercise.cu, lesson.md}.
struct temporary_course {
  fs::path root = fs::temp_directory_path() / ("gpucheck-catalog-" + std::to_string(getpid()));
  temporary_course() {
    add("44-two-clocks", "Two clocks");
    add("40-first-steps", "First steps");
    add("50-streams", "");
    fs::create_directories(root / "lessons" / "common");
    fs::create_directories(root / "lessons" / "45-no-exercise-yet");
  }
  ~temporary_course() { fs::remove_all(root); }
  void add(const std::string& folder, const std::string& title) {
    fs::create_directories(root / "lessons" / folder);
    std::ofstream(root / "lessons" / folder / "exercise.cu") << "// exercise\n";
    if (!title.empty()) {
      std::ofstream(root / "lessons" / folder / "lesson.md")
          << "---\nnumber: 1\ntitle: \"" << title << "\"\n---\n# text\n";
    }
  }
  lesson_catalog scan() const { return lesson_catalog::scan(root / "lessons", root / "solutions"); }
};

} // namespace

TEST_CASE("the catalog lists lesson folders with an exercise, in number order") {
  const temporary_course course;
  const auto lessons = course.scan().lessons();
  REQUIRE(lessons.size() == 3);
  CHECK(lessons[0].folder == "40-first-steps");
  CHECK(lessons[1].folder == "44-two-clocks");
  CHECK(lessons[2].folder == "50-streams");
  CHECK(lessons[1].title == "Two clocks");
  CHECK(lessons[2].title == "streams"); // no lesson.md: the slug stands in
}

TEST_CASE("a lesson whose exercise.cu was deleted is still listed, so that it can be reset") {
  const temporary_course course;
  fs::remove(course.root / "lessons" / "44-two-clocks" / "exercise.cu");
  const auto catalog = course.scan();
  REQUIRE(catalog.lessons().size() == 3);
  const auto lesson = catalog.resolve("44");
  REQUIRE(lesson.has_value());
  CHECK(lesson->title == "Two clocks");
  CHECK_FALSE(fs::exists(lesson->exercise_file(false)));
  CHECK_FALSE(catalog.resolve("45").has_value()); // an empty folder is still no lesson
}

TEST_CASE("a lesson can be named by number, padded number, folder or slug") {
  const temporary_course course;
  const lesson_catalog catalog = course.scan();
  for (const std::string name : {"44", "044", "44-two-clocks", "two-clocks"}) {
    CAPTURE(name);
    const auto lesson = catalog.resolve(name);
    REQUIRE(lesson.has_value());
    CHECK(lesson->folder == "44-two-clocks");
  }
  CHECK(catalog.resolve("50")->folder == "50-streams");
  CHECK(catalog.resolve("40")->folder == "40-first-steps");
}

TEST_CASE("an unknown lesson resolves to nothing and the choices name every lesson") {
  const temporary_course course;
  const lesson_catalog catalog = course.scan();
  CHECK_FALSE(catalog.resolve("45").has_value()); // a folder without exercise.cu is not a lesson
  CHECK_FALSE(catalog.resolve("99").has_value());
  CHECK_FALSE(catalog.resolve("").has_value());
  CHECK_FALSE(catalog.resolve("two-clo").has_value());
  const std::string choices = catalog.describe_choices();
  CHECK(choices.find("40-first-steps") != std::string::npos);
  CHECK(choices.find("44-two-clocks  Two clocks") != std::string::npos);
  CHECK(choices.find("50-streams") != std::string::npos);
}

TEST_CASE("a catalog of several roots lists the folders of all of them, in number order") {
  const temporary_course course;
  const fs::path inside = course.root / "lessons" / "44-two-clocks" / "tests" / "fixtures";
  fs::create_directories(inside / "70-cheat");
  std::ofstream(inside / "70-cheat" / "exercise.cu") << "// a cheat\n";
  const fs::path checker = course.root / "checker-fixtures";
  fs::create_directories(checker / "90-compile-error");
  std::ofstream(checker / "90-compile-error" / "exercise.cu") << "// broken\n";
  const auto catalog =
      lesson_catalog::scan(std::vector<fs::path>{checker, inside, course.root / "missing"},
                           course.root / "solutions", "fixture");
  REQUIRE(catalog.lessons().size() == 2);
  CHECK(catalog.lessons()[0].folder == "70-cheat");
  CHECK(catalog.lessons()[0].lesson_dir == inside / "70-cheat");
  CHECK(catalog.lessons()[1].folder == "90-compile-error");
  CHECK(catalog.resolve("70")->check_target(false) == "fixture.70-cheat.check");
}

TEST_CASE("targets and files follow the folder name") {
  const temporary_course course;
  const auto lesson = *course.scan().resolve("44");
  CHECK(lesson.check_target(false) == "lesson.44-two-clocks.check");
  CHECK(lesson.check_target(true) == "lesson.44-two-clocks.check-solution");
  CHECK(lesson.run_target(false) == "lesson.44-two-clocks.run");
  CHECK(lesson.exercise_file(false) == course.root / "lessons/44-two-clocks/exercise.cu");
  CHECK(lesson.exercise_file(true) == course.root / "solutions/44-two-clocks/exercise.cu");
}

TEST_CASE("the course's own lessons all resolve and have a title in their front matter") {
  const auto catalog = lesson_catalog::scan(fs::path(GPUCHECK_SOURCE_DIR) / "lessons",
                                            fs::path(GPUCHECK_SOURCE_DIR) / "solutions");
  REQUIRE_FALSE(catalog.lessons().empty());
  for (const auto& lesson : catalog.lessons()) {
    CAPTURE(lesson.folder);
    CHECK(lesson.title != lesson.folder.substr(3));
    CHECK(fs::exists(lesson.exercise_file(true)));
  }
}

TEST_CASE(
    "a link to a lesson's section reads the Chinese text in Chinese, where the lesson has it") {
  temporary_course course;
  std::ofstream(course.root / "lessons" / "44-two-clocks" / "lesson.zh.md") << "# 文本\n";
  const std::string translated = "lessons/44-two-clocks/lesson.md#method-2-cuda-events";
  const std::string untranslated = "lessons/40-first-steps/lesson.md#know-your-gpu";
  gpucheck::messages::set_language(gpucheck::messages::language::chinese);
  CHECK(gpucheck::section_link_in_language(translated, course.root) ==
        "lessons/44-two-clocks/lesson.zh.md#method-2-cuda-events");
  CHECK(gpucheck::section_link_in_language("lessons/44-two-clocks/lesson.md", course.root) ==
        "lessons/44-two-clocks/lesson.zh.md");
  CHECK(gpucheck::section_link_in_language(untranslated, course.root) == untranslated);
  CHECK(gpucheck::section_link_in_language("", course.root).empty());
  CHECK(gpucheck::section_link_in_language("docs/not-a-lesson.md#x", course.root) ==
        "docs/not-a-lesson.md#x");
  gpucheck::messages::set_language(gpucheck::messages::language::english);
  CHECK(gpucheck::section_link_in_language(translated, course.root) == translated);
}

TEST_CASE("a rule's learn link is the section of the lesson whose front matter names it") {
  temporary_course course;
  const auto write = [&](const std::string& folder, const std::string& rules) {
    std::ofstream(course.root / "lessons" / folder / "lesson.md")
        << "---\nnumber: 1\ntitle: T\nrules:\n"
        << rules << "---\n# text\n";
  };
  write("44-two-clocks", "  - stale-queue: the-sync-waits\n  - host-gap:  idle-host \n"
                         "  - no-section\n  - cold-start: later-lesson-too\n");
  write("50-streams", "  - cold-start: start-up\n  - sync-other-stream: one-stream\n");
  const lesson_catalog catalog = course.scan();
  const auto lesson = *catalog.resolve("44");
  CHECK(lesson.rules == std::vector<gpucheck::taught_rule>{{"stale-queue", "the-sync-waits"},
                                                           {"host-gap", "idle-host"},
                                                           {"cold-start", "later-lesson-too"}});
  const gpucheck::learn_links links = catalog.rule_links();
  CHECK(links.at("stale-queue") == "lessons/44-two-clocks/lesson.md#the-sync-waits");
  CHECK(links.at("host-gap") == "lessons/44-two-clocks/lesson.md#idle-host");
  CHECK(links.at("sync-other-stream") == "lessons/50-streams/lesson.md#one-stream");
  // Two lessons name it: the first in number order teaches it.
  CHECK(links.at("cold-start") == "lessons/44-two-clocks/lesson.md#later-lesson-too");
  // A rule named by no lesson has no link.
  CHECK(links.count("unsynced-stop") == 0);
  CHECK(links.count("no-section") == 0);
  CHECK(links.size() == 4);
  CHECK(gpucheck::course_learn_links(course.root) == links);
}
