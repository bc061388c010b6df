// SPDX-License-Identifier: MIT
// core/submission_builds on a stand-in for a grading tree: a compile_commands.json and a link.txt
// whose "compiler" and "linker" are small shell scripts, so that no nvcc is needed.
#include "core/submission_builds.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using gpucheck::build_submissions;
using gpucheck::read_check_build_recipe;
using gpucheck::submission_build;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_script(const fs::path& file, const std::string& body) {
  std::ofstream(file) << "#!/bin/sh\n" << body;
  fs::permissions(file, fs::perms::owner_all);
}

// A tree as CMake's Makefile generator leaves it for targets t.exercise (the object library of
// TREE/submission/exercise.cu) and t.check (its program): the compiler copies the source into
// the object, or fails naming line 3 when the source says BROKEN; the linker joins the objects.
fs::path make_tree() {
  const fs::path tree =
      fs::temp_directory_path() / ("gpucheck-submission-builds-" + std::to_string(getpid()));
  fs::remove_all(tree);
  fs::create_directories(tree / "submission");
  fs::create_directories(tree / "CMakeFiles" / "t.check.dir");
  std::ofstream(tree / "submission" / "exercise.cu") << "tree's own\n";
  std::ofstream(tree / "course.o") << "course side\n";
  write_script(tree / "cc.sh",
               "if grep -q BROKEN \"$2\"; then echo \"$2:3:5: error: expected ';'\";"
               " exit 1; fi\ncp \"$2\" \"$4\"\n");
  write_script(tree / "ld.sh", "objects=$(cat \"${1#@}\" | tr -d '\"')\n"
                               "cat $objects > \"$3\"\n");
  const std::string source = (tree / "submission" / "exercise.cu").string();
  std::ofstream(tree / "compile_commands.json")
      << "[{\"directory\": \"" << tree.string() << "\", \"file\": \"" << source
      << "\", \"command\": \"" << (tree / "cc.sh").string() << " -c " << source
      << " -o CMakeFiles/t.exercise.dir/submission/exercise.cu.o\"}]\n";
  std::ofstream(tree / "CMakeFiles" / "t.check.dir" / "objects1")
      << "\"CMakeFiles/t.exercise.dir/submission/exercise.cu.o\" course.o\n";
  std::ofstream(tree / "CMakeFiles" / "t.check.dir" / "link.txt")
      << (tree / "ld.sh").string() << " @CMakeFiles/t.check.dir/objects1 -o bin/t/check\n";
  return tree;
}

} // namespace

TEST_CASE("submissions are compiled at once, each into its own program, with CMake's commands") {
  const fs::path tree = make_tree();
  std::string why;
  const auto recipe = read_check_build_recipe(tree, "t.exercise", "t.check",
                                              tree / "submission" / "exercise.cu", why);
  REQUIRE_MESSAGE(recipe, why);
  CHECK(recipe->object == "CMakeFiles/t.exercise.dir/submission/exercise.cu.o");
  CHECK(recipe->program == "bin/t/check");

  for (const int slot : {0, 1, 2}) {
    fs::create_directories(tree / "slots" / std::to_string(slot));
  }
  std::ofstream(tree / "slots" / "0" / "exercise.cu") << "alice's\n";
  std::ofstream(tree / "slots" / "1" / "exercise.cu") << "BROKEN\n";
  std::ofstream(tree / "slots" / "2" / "exercise.cu") << "carol's\n";
  std::vector<submission_build> builds;
  for (const int slot : {0, 1, 2}) {
    builds.push_back({tree / "slots" / std::to_string(slot) / "exercise.cu",
                      tree / "bin" / "slots" / std::to_string(slot) / "check"});
  }
  const auto outcomes = build_submissions(*recipe, builds, 2, std::chrono::seconds(60));
  REQUIRE(outcomes.size() == 3);

  SUBCASE("each program holds its own submission and the course's side") {
    CHECK(outcomes[0].ok);
    CHECK(outcomes[2].ok);
    CHECK(read_text(builds[0].program) == "alice's\ncourse side\n");
    CHECK(read_text(builds[2].program) == "carol's\ncourse side\n");
  }
  SUBCASE("one that does not compile fails alone, with its error in its own file") {
    CHECK_FALSE(outcomes[1].ok);
    CHECK_FALSE(fs::exists(builds[1].program));
    REQUIRE(outcomes[1].first_error);
    CHECK(fs::path(outcomes[1].first_error->file).filename() == "exercise.cu");
    CHECK(outcomes[1].first_error->line == 3);
  }
  SUBCASE("the tree's own exercise, object and program are left alone") {
    CHECK(read_text(tree / "submission" / "exercise.cu") == "tree's own\n");
    CHECK_FALSE(fs::exists(tree / "bin" / "t" / "check"));
    CHECK(read_text(tree / "CMakeFiles" / "t.check.dir" / "objects1").find("slots") ==
          std::string::npos);
  }
  fs::remove_all(tree);
}

TEST_CASE("a tree whose commands cannot be read is refused, with the reason") {
  const fs::path tree = make_tree();
  std::string why;
  SUBCASE("no link.txt: not a Makefile tree") {
    fs::remove(tree / "CMakeFiles" / "t.check.dir" / "link.txt");
    CHECK_FALSE(read_check_build_recipe(tree, "t.exercise", "t.check",
                                        tree / "submission" / "exercise.cu", why));
    CHECK(why.find("not a Makefile tree") != std::string::npos);
  }
  SUBCASE("no compile command for the exercise") {
    CHECK_FALSE(read_check_build_recipe(tree, "other.exercise", "t.check",
                                        tree / "submission" / "exercise.cu", why));
    CHECK(why.find("no compile command") != std::string::npos);
  }
  fs::remove_all(tree);
}
