// SPDX-License-Identifier: MIT
// The lesson diagnosis on traces recorded on an H200 (tools/gpu-diagnose.sh graded
// fixtures/diagnosis/04-two-sync-methods/ with --keep-traces; the traces hold their source lines).
// Each call of a student's function is found in the trace by the checker's own clock reads
// (call_timed, in number_slip.hpp) around it; the rules must name the submission's mistake, at
// its line, in the calls of the function that has it, and nothing in a correct submission.
#include "analysis/lesson_diagnosis.hpp"
#include "analysis/traced_analysis.hpp"
#include "trace_model/read_trace.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

const fs::path traces =
    fs::path(GPUCHECK_FIXTURES_DIR) / "diagnosis" / "traces" / "04-two-sync-methods";

// The windows of every call_timed in the run: its stop read (attributed to call_timed) and the
// checker's read just before it (its start, inlined into the lesson's check.cu).
std::vector<rules::call_window> call_windows(const trace::run_trace& run) {
  std::vector<rules::call_window> windows;
  const trace::clock_read* start = nullptr;
  for (const trace::clock_read& read : run.clocks) {
    const trace::source_line* where = run.location_of(read.site);
    if (where == nullptr)
      continue;
    const std::string file = fs::path(where->file).filename().string();
    if (file != "check.cu" && file != "number_slip.hpp")
      continue;
    if (where->function.rfind("call_timed", 0) != 0) {
      start = &read;
      continue;
    }
    if (start == nullptr)
      continue;
    rules::call_window window;
    window.begin_ns = start->value_ns;
    window.end_ns = read.value_ns;
    window.tid = read.tid;
    start = nullptr;
    window.reported_ms = std::nan(""); // not in a trace: returned-value is tested elsewhere
    windows.push_back(window);
  }
  return windows;
}

// Every rule any call showed, with the line of the first finding of each rule.
std::map<std::string, int> diagnose_every_call(const std::string& name) {
  auto read = trace::read_trace_file(traces / (name + ".trace.jsonl"));
  REQUIRE_MESSAGE(read.ok(), read.error);
  REQUIRE_FALSE(read.trace->locations.empty());
  const auto windows = call_windows(*read.trace);
  CHECK(windows.size() >= 10); // two functions, five trials each at least
  std::map<std::string, int> lines;
  for (const auto& window : windows) {
    for (const rules::finding& f : analysis::diagnose_call(*read.trace, window)) {
      CHECK(fs::path(f.blamed_at.file).filename() == "exercise.cu");
      lines.try_emplace(f.rule, f.blamed_at.line);
    }
  }
  return lines;
}

} // namespace

TEST_CASE("a correct submission's calls show no finding") {
  CHECK(diagnose_every_call("correct").empty());
}

TEST_CASE("each mistake is named at its line, and nothing else is said") {
  // The submission, the one rule its calls must show, and the line of exercise.cu it names (the
  // files under fixtures/diagnosis/04-two-sync-methods/).
  const std::vector<std::tuple<std::string, std::string, int>> cases{
      {"stop_before_work", "event-order", 24},        // cudaEventRecord(stop) before work(stream)
      {"start_after_work", "event-order", 24},        // cudaEventRecord(start) after work(stream)
      {"stale_stream_sync", "stale-queue", 14},       // the cudaStreamSynchronize that waited
      {"malloc_inside", "setup-in-region", 15},       // cudaMalloc inside the timing
      {"no_stop_sync", "unsynced-stop", 15},          // the clock read before any sync
      {"legacy_events", "event-stream-mismatch", 23}, // cudaEventRecord(start) on stream 0
      {"sleep_inside", "host-gap", 16},               // the sync right after the sleep
  };
  for (const auto& [name, rule, line] : cases) {
    CAPTURE(name);
    const auto lines = diagnose_every_call(name);
    REQUIRE(lines.size() == 1);
    CHECK(lines.begin()->first == rule);
    CHECK(lines.begin()->second == line);
  }
}

TEST_CASE("a slip in the returned number is no timing mistake: the calls show none") {
  for (const char* name : {"trunc_ms", "rounded_ms", "events_in_us", "events_int"}) {
    CAPTURE(name);
    CHECK(diagnose_every_call(name).empty());
  }
}
