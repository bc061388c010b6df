// SPDX-License-Identifier: MIT
// core/check_build_shortcut on a stand-in for the course and its build tree: the "compiler" copies
// the exercise into its object (or fails when the exercise says BROKEN), the "linker" joins the
// object and a library into the program. Every file is dated an hour ago, the stamp a minute ago;
// each case then dates what it changes to now.
#include "core/check_build_shortcut.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>

using gpucheck::build_check_by_shortcut;
using gpucheck::check_build_request;
using gpucheck::check_build_stamp;
using gpucheck::leave_check_build_stamp;
using gpucheck::newer_input;
namespace fs = std::filesystem;

namespace {

const auto an_hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
const auto a_minute_ago = fs::file_time_type::clock::now() - std::chrono::minutes(1);
const auto ten_minutes = std::chrono::minutes(10);

std::string text_of(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// Dated now, as an editor's save or a rebuild leaves it.
void change(const fs::path& file, const std::string& text) {
  write(file, text);
  fs::last_write_time(file, fs::file_time_type::clock::now());
}

int stand_ins = 0; // each its own folder: a case may hold two at once

struct stand_in {
  fs::path root =
      fs::temp_directory_path() / ("gpucheck-check-build-shortcut-" + std::to_string(getpid()) +
                                   "-" + std::to_string(++stand_ins));
  fs::path source = root / "course";
  fs::path build = root / "build";
  check_build_request request;

  stand_in() {
    fs::remove_all(root);
    const fs::path lesson = source / "lessons" / "44-two";
    write(source / "CMakeLists.txt", "project(course)\n");
    write(source / "cmake" / "Lessons.cmake", "# the lessons' targets\n");
    write(source / "checker" / "checkapi" / "check.cuh", "// the check API\n");
    write(source / "lessons" / "common" / "cuda_check.cuh", "// CUDA_CHECK\n");
    write(lesson / "exercise.cu", "the student's exercise\n");
    write(lesson / "exercise.h", "// the lesson's header\n");
    write(source / "solutions" / "44-two" / "exercise.cu", "the reference\n");
    write(build / "CMakeCache.txt", "CMAKE_BUILD_TYPE:STRING=RelWithDebInfo\n");
    write(build / "cc.sh", "grep -q BROKEN \"$2\" && { echo \"$2:3:5: error: expected ';'\"; "
                           "exit 1; }\ncp \"$2\" \"$4\"\n");
    write(build / "ld.sh", "cat $(cat \"${1#@}\" | tr -d '\"') > \"$3\"\n");
    const std::string object = "CMakeFiles/lesson.44-two.exercise.dir/exercise.cu.o";
    write(build / "compile_commands.json",
          "[{\"directory\": \"" + build.string() + "\", \"file\": \"" +
              (lesson / "exercise.cu").string() + "\", \"command\": \"sh " +
              (build / "cc.sh").string() + " -c " + (lesson / "exercise.cu").string() + " -o " +
              object + "\"}]\n");
    write(build / "CMakeFiles" / "lesson.44-two.check.dir" / "objects1",
          "\"" + object + "\" lib/libapi.a\n");
    write(build / "CMakeFiles" / "lesson.44-two.check.dir" / "link.txt",
          "sh " + (build / "ld.sh").string() +
              " @CMakeFiles/lesson.44-two.check.dir/objects1 -o bin/check\n");
    write(build / "lib" / "libapi.a", "the check API\n");
    write(build / object, "the student's exercise\n");
    write(build / "bin" / "check", "the student's exercise\nthe check API\n");
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      fs::last_write_time(entry.path(), an_hour_ago);
    }
    request = {source,
               build,
               lesson,
               lesson / "exercise.cu",
               "lesson.44-two.exercise",
               "lesson.44-two.check"};
    leave_check_build_stamp(request, a_minute_ago);
  }
  ~stand_in() { fs::remove_all(root); }

  std::string program() const { return text_of(build / "bin" / "check"); }
};

} // namespace

TEST_CASE("the stamp of a build through CMake is dated when that build began") {
  stand_in tree;
  REQUIRE(fs::exists(check_build_stamp(tree.request)));
  CHECK(fs::last_write_time(check_build_stamp(tree.request)) == a_minute_ago);
}

TEST_CASE("an edit to the exercise alone is built by CMake's own two commands") {
  stand_in tree;
  CHECK(newer_input(tree.request, a_minute_ago).empty());
  change(tree.request.exercise, "the student's next try\n");
  const auto built = build_check_by_shortcut(tree.request, ten_minutes);
  REQUIRE(built.has_value());
  CHECK(built->ok);
  CHECK(tree.program() == "the student's next try\nthe check API\n");
}

TEST_CASE("nothing changed: the program is up to date and nothing runs") {
  stand_in tree;
  fs::remove(tree.build / "cc.sh"); // a command that ran would fail now
  fs::remove(tree.build / "ld.sh");
  const auto built = build_check_by_shortcut(tree.request, ten_minutes);
  REQUIRE(built.has_value());
  CHECK(built->ok);
  CHECK(tree.program() == "the student's exercise\nthe check API\n");
}

TEST_CASE("an exercise that does not compile fails with the compiler's first error") {
  stand_in tree;
  change(tree.request.exercise, "BROKEN\n");
  const auto built = build_check_by_shortcut(tree.request, ten_minutes);
  REQUIRE(built.has_value());
  CHECK_FALSE(built->ok);
  REQUIRE(built->first_error.has_value());
  CHECK(built->first_error->line == 3);
  CHECK(tree.program() == "the student's exercise\nthe check API\n"); // not linked
}

TEST_CASE("any other input newer than the stamp sends the build through CMake") {
  stand_in tree;
  const fs::path lesson = tree.request.lesson_dir;
  const std::vector<fs::path> inputs{lesson / "exercise.h",
                                     tree.source / "lessons" / "common" / "cuda_check.cuh",
                                     tree.source / "checker" / "checkapi" / "check.cuh",
                                     tree.source / "cmake" / "Lessons.cmake",
                                     tree.source / "CMakeLists.txt",
                                     tree.build / "CMakeCache.txt",
                                     lesson / "helpers.cuh"}; // a new file
  for (const fs::path& input : inputs) {
    CAPTURE(input);
    stand_in fresh;
    const fs::path same = fresh.root / fs::relative(input, tree.root);
    change(same, "changed\n");
    change(fresh.request.exercise, "the student's next try\n");
    CHECK(newer_input(fresh.request, a_minute_ago) == same.string());
    CHECK_FALSE(build_check_by_shortcut(fresh.request, ten_minutes).has_value());
  }
}

TEST_CASE("a library of the link rebuilt since the stamp sends the build through CMake") {
  stand_in tree;
  change(tree.build / "lib" / "libapi.a", "the check API, rebuilt\n");
  change(tree.request.exercise, "the student's next try\n");
  CHECK_FALSE(build_check_by_shortcut(tree.request, ten_minutes).has_value());
}

TEST_CASE("without a stamp, or without its program, the build goes through CMake") {
  SUBCASE("no stamp") {
    stand_in tree;
    fs::remove(check_build_stamp(tree.request));
    CHECK_FALSE(build_check_by_shortcut(tree.request, ten_minutes).has_value());
  }
  SUBCASE("no program") {
    stand_in tree;
    fs::remove(tree.build / "bin" / "check");
    CHECK_FALSE(build_check_by_shortcut(tree.request, ten_minutes).has_value());
  }
}

TEST_CASE("an editor's swap files and backups are not inputs") {
  stand_in tree;
  change(tree.request.lesson_dir / ".exercise.cu.swp", "vim\n");
  change(tree.request.lesson_dir / "exercise.cu~", "emacs\n");
  CHECK(newer_input(tree.request, a_minute_ago).empty());
}

TEST_CASE("the reference's program does not depend on the student's exercise") {
  stand_in tree;
  check_build_request solution = tree.request;
  solution.exercise = tree.source / "solutions" / "44-two" / "exercise.cu";
  change(tree.request.lesson_dir / "exercise.cu", "the student's next try\n");
  CHECK(newer_input(solution, a_minute_ago).empty());
  change(solution.exercise, "the reference, edited\n");
  CHECK(newer_input(solution, a_minute_ago).empty()); // the exercise itself
}
