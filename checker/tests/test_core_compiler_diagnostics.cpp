// SPDX-License-Identifier: MIT
// The outputs below are copied from real builds (nvcc 13.0, g++ 12, GNU ld).
#include "core/compiler_diagnostics.hpp"

#include <doctest/doctest.h>

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

TEST_CASE("a clean build output has no error") {
  CHECK_FALSE(find_first_error("[100%] Built target gpucheck\n").has_value());
  CHECK_FALSE(find_first_error("").has_value());
}
