// SPDX-License-Identifier: MIT
// A PyTorch script's timing judged at its Python lines (issue 43): the tracer's Python sites and
// frames (checker/trace/FORMAT.md, "Python frames") become the lines that findings name, read
// from the script, and the intervals are found on them as on native sites.
#include "test_rules_support.hpp"

#include "analysis/source_lines.hpp"
#include "analysis/traced_analysis.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace gpucheck;

namespace {

// The recorded shape of `t0 = perf_counter(); c = a @ b; t1 = perf_counter()` with no
// synchronization (the synthetic unsynced-stop trace), its two reads made at `script`'s lines 3
// and 5, as libgputrace writes a CPython script's reads; the stop read through a helper.
trace::run_trace python_unsynced_trace(const std::string& script) {
  trace::run_trace t = test::synthetic_trace("unsynced_stop_no_sync");
  REQUIRE(t.clocks.size() == 2);
  t.clocks[0].python = {{script, 3, "<module>"}};
  t.clocks[0].site = "py:" + script + ":3";
  t.clocks[1].python = {{"/usr/lib/python3.12/timeit.py", 180, "inner"}, {script, 5, "<module>"}};
  t.clocks[1].site = "py:/usr/lib/python3.12/timeit.py:180<py:" + script + ":5";
  return t;
}

} // namespace

TEST_CASE("a Python script's unsynced stop is reported at the script's own lines") {
  const std::filesystem::path script =
      std::filesystem::temp_directory_path() /
      ("gpucheck_python_lines_" + std::to_string(getpid()) + ".py");
  std::ofstream(script) << "import time\n"
                           "a = b = None\n"
                           "t0 = time.perf_counter()\n"
                           "c = a @ b\n"
                           "t1 = stopwatch()  # through timeit's timer\n";
  trace::run_trace t = python_unsynced_trace(script.string());
  analysis::resolve_source_lines(t);
  std::filesystem::remove(script);

  const trace::source_line* start = t.location_of(t.clocks[0].site);
  REQUIRE(start != nullptr);
  CHECK(start->file == script.string());
  CHECK(start->line == 3);
  CHECK(start->function == "<module>");
  CHECK(start->text == "t0 = time.perf_counter()");

  const rules::rule_results results = analysis::analyze(t, {});
  REQUIRE(results.intervals.size() == 1);
  REQUIRE(test::rule_ids(results.findings) == std::vector<std::string>{"unsynced-stop"});
  const rules::finding& finding = results.findings[0];
  CHECK(finding.start_at.line == 3);
  CHECK(finding.stop_at.file == script.string()); // past timeit's frame
  CHECK(finding.stop_at.line == 5);
  CHECK(finding.stop_at.text == "t1 = stopwatch()  # through timeit's timer");
}

TEST_CASE("a Python read on a line marked submission-only closes its interval as intended") {
  const std::filesystem::path script =
      std::filesystem::temp_directory_path() /
      ("gpucheck_python_marker_" + std::to_string(getpid()) + ".py");
  std::ofstream(script) << "import time\n"
                           "\n"
                           "t0 = time.perf_counter()\n"
                           "c = a @ b\n"
                           "t1 = time.perf_counter()  # gpucheck: submission-only\n";
  trace::run_trace t = python_unsynced_trace(script.string());
  analysis::resolve_source_lines(t);
  std::filesystem::remove(script);
  CHECK_FALSE(t.clocks[0].marker);
  CHECK(t.clocks[1].marker);
  const rules::rule_results results = analysis::analyze(t, {});
  CHECK(results.findings.empty());
  CHECK(test::rule_ids(results.notes) == std::vector<std::string>{"submission-only"});
}
