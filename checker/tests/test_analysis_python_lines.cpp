// SPDX-License-Identifier: MIT
// A PyTorch script's timing judged at its Python lines (issue 43): the tracer's Python sites and
// frames (checker/trace/FORMAT.md, "Python frames") become the lines that findings name, read
// from the script, and the intervals are found on them as on native sites.
#include "test_rules_support.hpp"

#include "analysis/source_lines.hpp"
#include "analysis/traced_analysis.hpp"

#include <doctest/doctest.h>

#include <algorithm>
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

namespace {

// Gives each call and read of a trace the frames of a script's line, as the tracer writes a call
// made with the GIL held or released: one frame, at `line_of(call)`.
template <typename Line_of>
void at_script_lines(trace::run_trace& t, const std::string& script, Line_of line_of) {
  for (auto& call : t.api) {
    const int line = line_of(call.name);
    call.python = {{script, line, "<module>"}};
    call.site = "py:" + script + ":" + std::to_string(line);
  }
}

} // namespace

TEST_CASE("a wait PyTorch made with the GIL released is blamed at the script's line") {
  // The article's example 4, case 1, after earlier products were queued: `t0 = perf_counter()`
  // (line 3), `c = a @ b` (line 4), `torch.cuda.synchronize()` (line 5), `t1 = perf_counter()`
  // (line 6). The synchronize waited for the earlier work: stale-queue, blamed at line 5.
  const std::filesystem::path script = std::filesystem::temp_directory_path() /
                                       ("gpucheck_python_wait_" + std::to_string(getpid()) + ".py");
  std::ofstream(script) << "import torch, time\n"
                           "earlier = a @ b\n"
                           "t0 = time.perf_counter()\n"
                           "c = a @ b\n"
                           "torch.cuda.synchronize()\n"
                           "t1 = time.perf_counter()\n";
  trace::run_trace t = test::synthetic_trace("stale_queue_device_sync");
  REQUIRE(t.clocks.size() == 2);
  at_script_lines(t, script.string(),
                  [](const std::string& name) { return name == "cudaDeviceSynchronize" ? 5 : 4; });
  for (int i = 0; i < 2; ++i) {
    t.clocks[i].python = {{script.string(), 3 + 3 * i, "<module>"}};
    t.clocks[i].site = "py:" + script.string() + ":" + std::to_string(3 + 3 * i);
  }
  analysis::resolve_source_lines(t);
  std::filesystem::remove(script);

  const rules::rule_results results = analysis::analyze(t, {});
  REQUIRE(test::rule_ids(results.findings) == std::vector<std::string>{"stale-queue"});
  const rules::finding& finding = results.findings[0];
  CHECK(finding.start_at.line == 3);
  CHECK(finding.stop_at.line == 6);
  CHECK(finding.blamed_at.file == script.string());
  CHECK(finding.blamed_at.line == 5);
  CHECK(finding.blamed_at.text == "torch.cuda.synchronize()");
}

TEST_CASE("in a Python script, only the script's own elapsed_time calls are timings") {
  // Events around work on a non-blocking stream (an event-stream-mismatch), recorded and read by
  // the script; then the same elapsed-time call made by the framework on a thread that runs no
  // Python (no frames): not the script's timing, so not judged.
  trace::run_trace t = test::synthetic_trace("event_stream_mismatch_non_blocking");
  at_script_lines(t, "/tmp/side_stream.py", [](const std::string&) { return 7; });
  SUBCASE("the script's call is judged") {
    const rules::rule_results results = analysis::analyze(t, {});
    CHECK(results.intervals.size() == 1);
    CHECK(test::rule_ids(results.findings) == std::vector<std::string>{"event-stream-mismatch"});
  }
  SUBCASE("the framework's call is not") {
    for (auto& call : t.api) {
      if (call.name == "cudaEventElapsedTime") {
        call.python.clear();
        call.site = "libtorch_cuda.so+0x1234";
      }
    }
    const rules::rule_results results = analysis::analyze(t, {});
    CHECK(results.intervals.empty());
    CHECK(results.findings.empty());
  }
}

TEST_CASE("timings an installed package made on its own are not the script's") {
  const std::string packages = "/opt/venv/lib/python3.12/site-packages/";
  const trace::python_frame wrapper{packages + "torch/cuda/streams.py", 220, "elapsed_time"};
  SUBCASE("triton.testing.do_bench's events are triton's; the script's own events are judged") {
    trace::run_trace t = test::synthetic_trace("event_stream_mismatch_non_blocking");
    at_script_lines(t, "/tmp/bench.py", [](const std::string&) { return 7; });
    for (auto& call : t.api) {
      if (call.name == "cudaEventElapsedTime")
        call.python = {wrapper, {"/tmp/bench.py", 7, "<module>"}};
    }
    CHECK(test::rule_ids(analysis::analyze(t, {}).findings) ==
          std::vector<std::string>{"event-stream-mismatch"});
    for (auto& call : t.api) {
      if (call.name == "cudaEventElapsedTime")
        call.python = {wrapper,
                       {packages + "triton/testing.py", 150, "do_bench"},
                       {"/tmp/bench.py", 7, "<module>"}};
    }
    const rules::rule_results results = analysis::analyze(t, {});
    CHECK(results.intervals.empty());
    CHECK(results.findings.empty());
  }
  SUBCASE("a package's clock read inside the script's timing leaves that timing whole") {
    trace::run_trace t = python_unsynced_trace("/tmp/unsynced.py");
    trace::clock_read framework = t.clocks[0];
    framework.t_ns = (t.clocks[0].t_ns + t.clocks[1].t_ns) / 2;
    framework.value_ns = (t.clocks[0].value_ns + t.clocks[1].value_ns) / 2;
    framework.python = {{packages + "torch/_dynamo/utils.py", 90, "log_time"}};
    framework.site = "py:" + framework.python[0].file + ":90";
    t.clocks.insert(t.clocks.begin() + 1, framework);
    const rules::rule_results results = analysis::analyze(t, {});
    REQUIRE(results.intervals.size() == 1);
    CHECK(results.intervals[0].measured_ns == t.clocks[2].value_ns - t.clocks[0].value_ns);
    CHECK(test::rule_ids(results.findings) == std::vector<std::string>{"unsynced-stop"});
  }
}

TEST_CASE("host time inside one script line is its launch, not a host gap") {
  // Recorded on an H100: `.item()` as the wait, correct; line 17's interval holds 0.149 ms from
  // the start read (line 16) to the product's launch, PyTorch dispatching line 17.
  const trace::read_result read =
      trace::read_trace_file(test::fixtures_dir() / "recorded" / "python_item_is_the_wait.jsonl");
  INFO(read.error);
  REQUIRE(read.ok());
  trace::run_trace t = *read.trace;
  const rules::rule_results judged = analysis::analyze(t, {});
  REQUIRE(judged.intervals.size() >= 2);
  CHECK(test::rule_ids(judged.findings).empty());

  SUBCASE("the same stretch after a line that could have done host work is a host gap") {
    // The start read moved two lines up: line 16 could have slept or printed before line 17.
    for (trace::clock_read& read : t.clocks) {
      for (trace::python_frame& frame : read.python) {
        if (frame.line == 16)
          frame.line = 15;
      }
    }
    const rules::rule_results moved = analysis::analyze(t, {});
    CHECK(test::rule_ids(moved.findings) == std::vector<std::string>{"host-gap"});
  }
}

TEST_CASE("events count the host's stretch before the line's launch, one line is its launch") {
  // Recorded on an H100 (checker/tests/fixtures/recorded/PROVENANCE.md): side_stream_events.py
  // with `start.record(side)` at line 27, `with torch.cuda.stream(side):` at 28, `c = a @ b` at
  // 29 (cuBLAS's launch, which the tracer writes with that line) and `end.record(side)` at 30. The
  // GPU idled 0.209 ms between the start event and the launch while the host ran lines 28-29.
  const trace::read_result read =
      trace::read_trace_file(test::fixtures_dir() / "recorded" / "python_side_stream_gap.jsonl");
  INFO(read.error);
  REQUIRE(read.ok());
  trace::run_trace t = *read.trace;
  const auto host_gaps = [](const rules::rule_results& results) {
    std::vector<const rules::finding*> found;
    for (const rules::finding& f : results.findings)
      if (f.rule == "host-gap")
        found.push_back(&f);
    return found;
  };
  const rules::rule_results judged = analysis::analyze(t, {});
  const auto gaps = host_gaps(judged);
  REQUIRE(gaps.size() == 1);
  // The line that launched after the stretch, not the stop's record that came after the work.
  const std::string script = "/work/main/checker/tests/gpu/torch/side_stream_events.py";
  CHECK(gaps[0]->blamed_site == "py:" + script + ":29");
  CHECK(gaps[0]->interval.start_site.find(script + ":27") != std::string::npos);
  CHECK(gaps[0]->effect_ns == doctest::Approx(208'863).epsilon(0.01));
  CHECK(std::count_if(judged.findings.begin(), judged.findings.end(), [](const auto& f) {
          return f.rule == "event-stream-mismatch";
        }) == 1); // the first timing's events, on the other stream

  // `with` first, then start.record(side) right above `c = a @ b`.
  const auto record_start_on_line_28 = [](trace::run_trace& trace) {
    for (trace::api_call& call : trace.api) {
      for (trace::python_frame& frame : call.python) {
        if (frame.line == 27)
          frame.line = 28;
      }
    }
  };
  SUBCASE("the start recorded on the line before the launch: the stretch is the launch's own") {
    record_start_on_line_28(t);
    CHECK(host_gaps(analysis::analyze(t, {})).empty());
  }
  SUBCASE("without the launch's line, the stretch is not excused") {
    for (trace::api_call& call : t.api) {
      if (!call.from_program())
        call.python.clear(); // as the tracer wrote a library's calls before: no line to compare
    }
    record_start_on_line_28(t);
    CHECK(host_gaps(analysis::analyze(t, {})).size() == 1);
  }
}
