// SPDX-License-Identifier: MIT
// The outputs below are copied from real builds (nvcc 13.0, g++ 12, GNU ld).
#include "core/build_driver.hpp"
#include "core/compiler_diagnostics.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using gpucheck::find_first_error;

TEST_CASE("nvcc's first error gives file, line, message and the source excerpt") {
  const std::string output =
      "[ 50%] Building CUDA object CMakeFiles/x.dir/exercise.cu.o\n"
      "/work/lessons/04/exercise.cu(9): warning #550-D: variable \"x\" was set but never used\n"
      "/work/lessons/04/exercise.cu(12): error: expected a \";\"\n"
      "    return sum;\n"
      "    ^\n"
      "\n"
      "/work/lessons/04/exercise.cu(20): error: identifier \"y\" is undefined\n"
      "2 errors detected in the compilation of \"/work/lessons/04/exercise.cu\".\n";
  const auto error = find_first_error(output);
  REQUIRE(error.has_value());
  CHECK(error->file == "/work/lessons/04/exercise.cu");
  CHECK(error->line == 12);
  CHECK(error->message == "expected a \";\"");
  CHECK(error->excerpt == "    return sum;\n    ^\n");
  CHECK_FALSE(error->is_link_error);
}

TEST_CASE("gcc's first error gives file, line and column") {
  const std::string output = "/src/a.cpp: In function 'int f()':\n"
                             "/src/a.cpp:7:3: error: 'z' was not declared in this scope\n"
                             "    7 |   z = 1;\n"
                             "      |   ^\n";
  const auto error = find_first_error(output);
  REQUIRE(error.has_value());
  CHECK(error->file == "/src/a.cpp");
  CHECK(error->line == 7);
  CHECK(error->column == 3);
  CHECK(error->message == "'z' was not declared in this scope");
}

TEST_CASE("a link error is reported when there is no compile error") {
  const std::string output =
      "/usr/bin/ld: CMakeFiles/x.dir/check.cu.o: in function `run_trials':\n"
      "check.cu:(.text+0x1f): undefined reference to `time_with_events(std::function<void "
      "(CUstream_st*)> const&, CUstream_st*)'\n"
      "collect2: error: ld returned 1 exit status\n";
  const auto error = find_first_error(output);
  REQUIRE(error.has_value());
  CHECK(error->is_link_error);
  CHECK(error->message.rfind("undefined reference to `time_with_events", 0) == 0);
}

TEST_CASE("a function defined twice names the student's definition, not the course's") {
  // GNU ld 2.40 (Debian 12), linking a lesson's check program with an exercise that has main().
  const std::string output =
      "[100%] Linking CXX executable bin/lesson/44-two-clocks/check\n"
      "/usr/bin/ld: checker/checkapi/CMakeFiles/gpucheck_check_main.dir/check_main.cpp.o: in "
      "function `main':\n"
      "/work/main/checker/checkapi/check_main.cpp:57: multiple definition of `main'; "
      "CMakeFiles/lesson.44-two-clocks.check.dir/submission/exercise.cu.o:/tmp/grades/"
      ".build/submission/exercise.cu:40: first defined here\n"
      "collect2: error: ld returned 1 exit status\n";
  const auto error = find_first_error(output);
  REQUIRE(error.has_value());
  CHECK(error->is_link_error);
  CHECK(error->defined_twice == "main");
  CHECK(error->file == "/tmp/grades/.build/submission/exercise.cu");
  CHECK(error->line == 40);
  SUBCASE("graded into a folder below the course's checker/") {
    const auto graded = find_first_error(
        "/src/checker/checkapi/check_main.cpp:57: multiple definition of `main'; exercise.cu.o:"
        "/src/build/checker/tests/integration/class-out/.build/submission/exercise.cu:32: first "
        "defined here\n");
    REQUIRE(graded.has_value());
    CHECK(graded->file ==
          "/src/build/checker/tests/integration/class-out/.build/submission/exercise.cu");
  }
  SUBCASE("in a UTF-8 locale, where ld quotes with curly quotes") {
    const auto curly = find_first_error(
        "/src/lessons/44-two-clocks/exercise.cu:12: multiple definition of "
        "\u2018clock\u2019; "
        "cpu_clock_watch.cpp.o:/src/checker/checkapi/cpu_clock_watch.cpp:31: first defined here\n");
    REQUIRE(curly.has_value());
    CHECK(curly->defined_twice == "clock");
    CHECK(curly->file == "/src/lessons/44-two-clocks/exercise.cu");
    CHECK(curly->line == 12);
  }
  SUBCASE("without debug information there is no line to name") {
    const auto bare = find_first_error(
        "/usr/bin/ld: b.o: in function `helper()':\n"
        "b.cu:(.text+0x0): multiple definition of `helper()'; a.o:a.cu:(.text+0x0): first "
        "defined here\n");
    REQUIRE(bare.has_value());
    CHECK(bare->defined_twice == "helper()");
    CHECK(bare->line == 0);
  }
}

TEST_CASE("a clash is advised on: a main() of one's own is removed, anything else renamed") {
  gpucheck::compiler_error main_twice;
  main_twice.defined_twice = "main";
  const std::string number = "44"; // a lesson's, as its folder has it
  CHECK(gpucheck::advice_for_clash(main_twice, number).find("Remove your main()") == 0);
  CHECK(gpucheck::advice_for_clash(main_twice, number).find("make run LESSON=" + number) !=
        std::string::npos);
  gpucheck::compiler_error clock_twice;
  clock_twice.defined_twice = "clock";
  CHECK(gpucheck::advice_for_clash(clock_twice, "44").find("Rename yours") == 0);
}

TEST_CASE("a clean build output has no error") {
  CHECK_FALSE(find_first_error("[100%] Built target gpucheck\n").has_value());
  CHECK_FALSE(find_first_error("").has_value());
}

TEST_CASE("an excerpt goes on past a macro's expansion that contains the word error") {
  const std::string output =
      "/w/exercise.cu(23): error: expected a \";\"\n"
      "    do { const cudaError_t cuda_check_error_ = (cudaDeviceSynchronize()); } while (false);\n"
      "    ^\n"
      "\n"
      "1 error detected in the compilation of \"/w/exercise.cu\".\n";
  const auto error = find_first_error(output);
  REQUIRE(error.has_value());
  CHECK(error->excerpt == "    do { const cudaError_t cuda_check_error_ = "
                          "(cudaDeviceSynchronize()); } while (false);\n    ^\n");
}

TEST_CASE("a compile error is placed in the student's source") {
  using gpucheck::compiler_error;
  using gpucheck::place_in_source;
  const std::string source = "int f() {\n"             // 1
                             "  int x = work(1)\n"     // 2: the ';' is missing here
                             "\n"                      // 3
                             "  // a comment\n"        // 4
                             "  CUDA_CHECK(sync());\n" // 5: where nvcc notices
                             "  return x;\n"           // 6
                             "}\n";
  SUBCASE("nvcc's missing ';' seen at a line's first token moves to the code line before it") {
    compiler_error error{"/w/exercise.cu",          5,     0, "expected a \";\"",
                         "    do { ... }\n    ^\n", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 2);
    CHECK(error.excerpt == "2 |   int x = work(1)\n  |                  ^ here\n");
  }
  SUBCASE("the same with a blank line before nvcc's excerpt (a parallel first build)") {
    compiler_error error{
        "/w/exercise.cu", 5, 0, "expected a \";\"", "\n    do { ... }\n    ^\n", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 2);
  }
  SUBCASE("gcc's missing ';' (with a column) moves the same way") {
    compiler_error error{"/w/a.cpp", 5, 3, "expected ';' before 'CUDA_CHECK'", "", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 2);
  }
  SUBCASE("a missing ';' seen in the middle of a line stays there") {
    compiler_error error{"/w/a.cpp", 6, 10, "expected ';' before 'x'", "", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 6);
    CHECK(error.excerpt == "6 |   return x;\n  |          ^\n");
  }
  SUBCASE("another error keeps its line, quoted from the source rather than the expansion") {
    compiler_error error{"/w/exercise.cu",          5,     0, "identifier \"sync\" is undefined",
                         "    do { ... }\n    ^\n", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 5);
    CHECK(error.excerpt == "5 |   CUDA_CHECK(sync());\n");
  }
  SUBCASE("a line outside the source changes nothing") {
    compiler_error error{"/w/exercise.cu", 50, 0, "expected a \";\"", "x\n", false, {}};
    place_in_source(error, source);
    CHECK(error.line == 50);
    CHECK(error.excerpt == "x\n");
  }
}

// Parallel compilers can write into the middle of each other's lines: the error's file is then no
// path at all, and build_target builds once more on one core (core/build_driver.cpp).
TEST_CASE("an error whose file is no path is known as lost, a real file's is not") {
  namespace fs = std::filesystem;
  gpucheck::build_outcome outcome;
  CHECK_FALSE(gpucheck::error_path_lost(outcome)); // no error at all
  const fs::path real = fs::temp_directory_path() / "gpucheck-lost-path-exercise.cu";
  std::ofstream(real) << "int f();\n";
  outcome.first_error =
      gpucheck::compiler_error{real.string(), 9, 0, "expected a \";\"", "", false, {}};
  CHECK_FALSE(gpucheck::error_path_lost(outcome));
  // "/work/lessons/90/exer" + "[ 85%] Building CUDA object ..." + "cise.cu"
  outcome.first_error->file = real.parent_path().string() +
                              "/gpucheck-lost-path-exer[ 85%] Building CUDA object x.o\ncise.cu";
  CHECK(gpucheck::error_path_lost(outcome));
  fs::remove(real);
}

TEST_CASE("an error whose file is lost is placed in the exercise file of the same name") {
  namespace fs = std::filesystem;
  const fs::path exercise = fs::temp_directory_path() / "gpucheck-place-test" / "exercise.cu";
  fs::create_directories(exercise.parent_path());
  std::ofstream(exercise) << "int add(int a, int b) {\n  int sum = a + b\n  return sum;\n}\n";
  const gpucheck::compiler_error lost{
      "/nowhere/exer[ 85%] x\ncise.cu", 3,     0, "expected a \";\"",
      "    return sum;\n    ^\n",       false, {}};
  SUBCASE("the same name: placed, the ';' on line 2") {
    gpucheck::compiler_error error = lost;
    error.file = "/nowhere/at/all/exercise.cu";
    gpucheck::place_in_exercise(error, exercise);
    CHECK(error.file == exercise.string());
    CHECK(error.line == 2);
    CHECK(error.excerpt.rfind("2 |   int sum = a + b", 0) == 0);
  }
  SUBCASE("another name, or a file that is there: left as it is") {
    gpucheck::compiler_error other = lost;
    other.file = "/nowhere/at/all/check.cu";
    gpucheck::place_in_exercise(other, exercise);
    CHECK(other.line == 3);
    CHECK(other.file == "/nowhere/at/all/check.cu");
    gpucheck::compiler_error there = lost;
    there.file = exercise.string();
    there.line = 3;
    gpucheck::place_in_exercise(there, exercise);
    CHECK(there.line == 3); // build_target placed it already: nothing to do here
  }
  fs::remove_all(exercise.parent_path());
}
