// SPDX-License-Identifier: MIT
// The intended-interval marker: how `gpucheck lint` turns a clock read's site into source lines
// (addr2line's output) and finds `// gpucheck: submission-only` on the statement that read it.
// The lint command's resolver is compiled in here so that the rules' tests cover it.
#include "cli/site_markers.cpp"

#include <doctest/doctest.h>

using namespace gpucheck::cli;

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
                             "??:0\n");
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
  resolve_site_markers(t, {}); // addr2line fails or finds nothing: left unmarked
  CHECK_FALSE(t.clocks[0].marker);
}
