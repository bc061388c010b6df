// SPDX-License-Identifier: MIT
// gpucheck lint's report: each finding printed as a compiler prints an error, at the line it
// blames, with the line quoted and the timing's start and stop; in JSON, the three lines as
// objects (schema gpucheck-lint/2).
#include "report/lint_report.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using namespace gpucheck;

namespace {

rules::finding stale_queue_at_lines() {
  rules::finding f;
  f.rule = "stale-queue";
  f.level = rules::severity::error;
  f.interval.measured_ns = 20'890'000;
  f.interval.clock = "monotonic";
  f.message = "the interval includes 19.360 ms of earlier work";
  f.hint = "wait for earlier work before you start the clock";
  f.start_at = {"/src/bench.cu", 21, "time_it", "const auto start = clock::now();"};
  f.stop_at = {"/src/bench.cu", 24, "time_it", "const auto stop = clock::now();"};
  f.blamed_at = {"/src/bench.cu", 23, "time_it", "CUDA_CHECK(cudaDeviceSynchronize());"};
  return f;
}

} // namespace

TEST_CASE("a lint finding is printed at its line, the line quoted, with the timing's ends") {
  lint_report report;
  report.program = "bench";
  report.interval_count = 1;
  report.findings = {stale_queue_at_lines()};
  const std::string text = render_lint_terminal(report, false);
  CHECK(text.find("bench.cu:23: error[stale-queue]: the interval includes 19.360 ms") !=
        std::string::npos);
  CHECK(text.find("   23 | CUDA_CHECK(cudaDeviceSynchronize());") != std::string::npos);
  CHECK(text.find("from bench.cu:21 to bench.cu:24") != std::string::npos);
  CHECK(text.find("build the program with -g") == std::string::npos);

  SUBCASE("without line information: the function, and how to get lines") {
    rules::finding f = stale_queue_at_lines();
    f.start_at = {};
    f.stop_at = {};
    f.blamed_at = {"", 0, "main", ""};
    report.findings = {f};
    const std::string bare = render_lint_terminal(report, false);
    CHECK(bare.find("in main: error[stale-queue]") != std::string::npos);
    CHECK(bare.find("build the program with -g") != std::string::npos);
  }
  SUBCASE("a Python script's call without a line was made inside the framework") {
    rules::finding f = stale_queue_at_lines();
    f.blamed_at = {"", 0, "at::native::copy_", ""};
    report.program = "example3.py";
    report.findings = {f};
    const std::string bare = render_lint_terminal(report, false);
    CHECK(bare.find("in at::native::copy_: error[stale-queue]") != std::string::npos);
    CHECK(bare.find("which ran no Python") != std::string::npos);
    CHECK(bare.find("build the program with -g") == std::string::npos);
  }
}

TEST_CASE("lint's JSON gives start, stop and site as objects, null where unknown") {
  lint_report report;
  report.program = "bench";
  rules::finding f = stale_queue_at_lines();
  f.start_at = {};
  report.findings = {f};
  const auto json = nlohmann::json::parse(render_lint_json(report));
  CHECK(json["schema"] == "gpucheck-lint/2");
  const auto& finding = json["findings"][0];
  CHECK(finding["site"]["line"] == 23);
  CHECK(finding["site"]["file"] == "/src/bench.cu");
  CHECK(finding["site"]["text"] == "CUDA_CHECK(cudaDeviceSynchronize());");
  CHECK(finding["stop"]["line"] == 24);
  CHECK(finding["start"].is_null());
}

TEST_CASE("a lint note is printed as a compiler prints one: at its line, note[rule], the fact") {
  lint_report report;
  report.program = "bench";
  report.interval_count = 1;
  rules::finding note = stale_queue_at_lines();
  note.rule = "calendar-clock";
  note.level = rules::severity::note;
  note.interval.clock = "gettimeofday";
  note.message = "timed with gettimeofday(), the calendar clock";
  report.notes = {note};
  const std::string text = render_lint_terminal(report, false);
  CHECK(text.find("bench.cu:24: note[calendar-clock]: timed with gettimeofday(), the calendar "
                  "clock\n") != std::string::npos);
  CHECK(text.find("from bench.cu:21 to bench.cu:24") != std::string::npos);
  const auto json = nlohmann::json::parse(render_lint_json(report));
  CHECK(json["findings"].empty());
  CHECK(json["notes"][0]["rule"] == "calendar-clock");
  CHECK(json["notes"][0]["severity"] == "note");
  CHECK(json["notes"][0]["stop"]["line"] == 24);
}
