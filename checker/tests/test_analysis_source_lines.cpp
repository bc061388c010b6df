// SPDX-License-Identifier: MIT
// Source lines of call sites (analysis/source_lines.hpp): addr2line's output parsed, the line a
// finding names chosen from a site's frames, and the intended-interval marker found on the
// statement that read the clock.
#include "analysis/source_lines.hpp"

#include <doctest/doctest.h>

using namespace gpucheck::analysis;

TEST_CASE("addr2line's locations are parsed, warnings and unknown lines skipped") {
  const auto one = parse_addr2line_location("/src/a.cu:39 (discriminator 3)");
  REQUIRE(one.has_value());
  CHECK(one->file == "/src/a.cu");
  CHECK(one->line == 39);
  CHECK_FALSE(parse_addr2line_location("??:0").has_value());
  CHECK_FALSE(parse_addr2line_location("??:?").has_value());
  CHECK_FALSE(parse_addr2line_location("main").has_value());
  // -a -i: the address, then one location per inlining level (innermost first); stderr's
  // warnings come interleaved because the runner merges the two streams.
  const auto parsed =
      parse_addr2line_output("addr2line: DWARF error: could not find abbrev number 120\n"
                             "0x0000000000008b68\n"
                             "/usr/include/c++/13/bits/chrono.h:1234\n"
                             "/src/a.cu:42\n"
                             "0x0000000000008b8a\n"
                             "addr2line: warning: something\n"
                             "/src/a.cu:46 (discriminator 3)\n"
                             "0x0000000000009000\n"
                             "??:0\n",
                             false);
  REQUIRE(parsed.size() == 3);
  REQUIRE(parsed.at(0x8b68).size() == 2);
  CHECK(parsed.at(0x8b68)[1].line == 42);
  REQUIRE(parsed.at(0x8b8a).size() == 1);
  CHECK(parsed.at(0x8b8a)[0].line == 46);
  CHECK(parsed.at(0x9000).empty());
}

TEST_CASE("the marker is found on the statement's line or the lines it was wrapped onto") {
  const std::vector<std::string> lines = {
      "  const auto a = clock::now(); // gpucheck: submission-only", // 1
      "  const auto b = clock::now();",                              // 2
      "  // gpucheck: submission-only",                              // 3
      "  const double t =",                                          // 4
      "      wall_time(); // gpucheck: submission-only",             // 5
      "  const double u = wall_time(x,",                             // 6
      "                             y);",                            // 7
      "  // gpucheck: submission-only",                              // 8
  };
  CHECK(statement_has_marker(lines, 1));
  CHECK_FALSE(statement_has_marker(lines, 2)); // the next line's comment is not its
  CHECK(statement_has_marker(lines, 4));       // wrapped by clang-format
  CHECK(statement_has_marker(lines, 5));
  CHECK_FALSE(statement_has_marker(lines, 6)); // the statement ends on line 7, unmarked
  CHECK_FALSE(statement_has_marker(lines, 0));
  CHECK_FALSE(statement_has_marker(lines, 99));
}

TEST_CASE("sites are split into frames") {
  gpucheck::trace::run_trace t;
  gpucheck::trace::clock_read read;
  read.site = "no_such_object+0x10<no_such_object+0x20";
  t.clocks.push_back(read);
  resolve_source_lines(t); // addr2line fails or finds nothing: left unmarked and unresolved
  CHECK_FALSE(t.clocks[0].marker);
  CHECK(t.locations.empty());
  const auto frames = frames_of_site("a.out+0x10<libx.so+0x2f");
  REQUIRE(frames.size() == 2);
  CHECK(frames[0] == std::pair<std::string, std::uint64_t>{"a.out", 0x10});
  CHECK(frames[1] == std::pair<std::string, std::uint64_t>{"libx.so", 0x2f});
}

TEST_CASE("with -f, each level's function comes before its location") {
  const auto parsed = parse_addr2line_output("0x0000000000001000\n"
                                             "std::chrono::_V2::steady_clock::now()\n"
                                             "/usr/include/c++/13/bits/chrono.h:1234\n"
                                             "time_with_events(gpu_work const&, CUstream_st*)\n"
                                             "/course/lessons/04/exercise.cu:21\n"
                                             "0x0000000000002000\n"
                                             "cudart::cudaApiEventRecord\n"
                                             "??:0\n",
                                             true);
  REQUIRE(parsed.at(0x1000).size() == 2);
  CHECK(parsed.at(0x1000)[1].function == "time_with_events(gpu_work const&, CUstream_st*)");
  CHECK(parsed.at(0x1000)[1].line == 21);
  REQUIRE(parsed.at(0x2000).size() == 1);
  CHECK(parsed.at(0x2000)[0].line == 0);
  CHECK(parsed.at(0x2000)[0].function == "cudart::cudaApiEventRecord");
}

TEST_CASE("a site names the student's line, past system headers and course helpers") {
  const std::vector<std::vector<frame_line>> frames = {
      {{"cudart::cudaApiEventRecord", "", 0}},             // static cudart
      {{"now", "/usr/include/c++/13/bits/chrono.h", 1234}, // inlined std::chrono
       {"gpucourse::cuda_event::record", "/course/lessons/common/cuda_raii.cuh", 40}},
      {{"time_with_events", "/course/lessons/44-two-clocks/exercise.cu", 21}}};
  SUBCASE("a preferred file wins") {
    source_options options;
    options.preferred_files = {"exercise.cu"};
    const auto chosen = choose_source_line(frames, options);
    REQUIRE(chosen.has_value());
    CHECK(chosen->line == 21);
    CHECK(chosen->function == "time_with_events");
  }
  SUBCASE("otherwise the innermost line outside system headers") {
    const auto chosen = choose_source_line(frames, {});
    REQUIRE(chosen.has_value());
    CHECK(chosen->file == "/course/lessons/common/cuda_raii.cuh");
    CHECK(chosen->line == 40);
  }
  SUBCASE("without line information, the function") {
    const auto chosen = choose_source_line({{{"main", "", 0}}}, {});
    REQUIRE(chosen.has_value());
    CHECK(chosen->line == 0);
    CHECK(chosen->function == "main");
  }
  CHECK(is_system_file("/usr/local/cuda/targets/x86_64-linux/include/cuda_runtime.h"));
  CHECK_FALSE(is_system_file("/home/student/course/lessons/04/exercise.cu"));
}

TEST_CASE("a Python site names the script's line, past the standard library and packages") {
  using gpucheck::trace::python_frame;
  CHECK(is_python_library_file("/usr/lib/python3.11/timeit.py"));
  CHECK(is_python_library_file("/root/.pyenv/versions/3.11.7/lib/python3.11/threading.py"));
  CHECK(is_python_library_file("/opt/venv/lib/python3.12/site-packages/torch/cuda/__init__.py"));
  CHECK(is_python_library_file("<frozen importlib._bootstrap>"));
  CHECK_FALSE(is_python_library_file("/home/student/example3.py"));

  SUBCASE("timeit's default_timer names the script's line that called timeit") {
    const std::vector<python_frame> frames = {{"/usr/lib/python3.11/timeit.py", 180, "inner"},
                                              {"/usr/lib/python3.11/timeit.py", 234, "timeit"},
                                              {"/home/student/bench.py", 12, "<module>"}};
    const auto where = choose_python_line(frames, {});
    REQUIRE(where.has_value());
    CHECK(where->file == "/home/student/bench.py");
    CHECK(where->line == 12);
    CHECK(where->function == "<module>");
  }
  SUBCASE("a helper of the script is named where it read the clock; a preferred file wins") {
    const std::vector<python_frame> frames = {{"/home/student/helpers.py", 4, "now"},
                                              {"/home/student/bench.py", 20, "main"}};
    CHECK(choose_python_line(frames, {})->file == "/home/student/helpers.py");
    source_options options;
    options.preferred_files = {"bench.py"};
    CHECK(choose_python_line(frames, options)->line == 20);
  }
  SUBCASE("only library frames: the innermost is named; none: nothing") {
    const std::vector<python_frame> frames = {{"/usr/lib/python3.11/timeit.py", 180, "inner"}};
    CHECK(choose_python_line(frames, {})->line == 180);
    CHECK_FALSE(choose_python_line({}, {}).has_value());
  }
}
