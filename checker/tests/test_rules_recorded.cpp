// SPDX-License-Identifier: MIT
// The rules on traces recorded by libgputrace on an NVIDIA H200 (fixtures/recorded/PROVENANCE.md).
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"
#include "rules/timed_intervals.hpp"

#include <doctest/doctest.h>

#include <set>

using namespace gpucheck;

namespace {

trace::run_trace recorded_trace(const std::string& name) {
  const trace::read_result result =
      trace::read_trace_file(test::fixtures_dir() / "recorded" / (name + ".jsonl"));
  INFO(result.error);
  REQUIRE(result.ok());
  return *result.trace;
}

std::set<std::string> rule_set(const std::vector<rules::finding>& findings) {
  const std::vector<std::string> ids = test::rule_ids(findings);
  return {ids.begin(), ids.end()};
}

} // namespace

TEST_CASE("recorded correct programs get no finding") {
  for (const char* name :
       {"chrono_device_sync_correct", "events_nonblocking_stream", "cublas_sgemm_warm"}) {
    CAPTURE(name);
    const trace::run_trace t = recorded_trace(name);
    CHECK_FALSE(rules::find_timed_intervals(t).empty());
    for (auto mode : {rules::rule_options::context::lint, rules::rule_options::context::lesson}) {
      rules::rule_options options;
      options.mode = mode;
      const auto findings = rules::run_rules(t, options);
      for (const auto& f : findings)
        INFO(f.rule << ": " << f.message);
      CHECK(findings.empty());
    }
  }
}

TEST_CASE("a recorded helper-based timing finds both clocks' intervals") {
  const auto intervals = rules::find_timed_intervals(recorded_trace("chrono_device_sync_correct"));
  REQUIRE(intervals.size() == 2);
  std::set<std::string> clocks;
  for (const auto& interval : intervals) {
    clocks.insert(interval.clock);
    CHECK(interval.measured_ns > 2'000'000); // the 2 ms kernel
    CHECK(interval.measured_ns < 2'200'000);
  }
  CHECK(clocks == std::set<std::string>{"gettimeofday", "monotonic"});
}

TEST_CASE("a recorded gettimeofday timing gets the calendar-clock note, and no warning") {
  // Recorded on an H200: the calendar clock kept pace with the monotonic one, as it does unless
  // someone sets it; the note names the clock, the monotonic interval beside it gets nothing.
  const trace::run_trace t = recorded_trace("chrono_device_sync_correct");
  const auto notes = rules::describe_intervals(t);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].rule == "calendar-clock");
  CHECK(notes[0].interval.clock == "gettimeofday");
  CHECK(rules::run_rule("calendar-clock", t).empty());
}

TEST_CASE("a recorded unsynced stop is caught") {
  const trace::run_trace t = recorded_trace("chrono_unsynced_stop");
  const auto findings = rules::run_rules(t);
  REQUIRE_FALSE(findings.empty());
  CHECK(rule_set(findings) == std::set<std::string>{"unsynced-stop"});
  for (const auto& f : findings) {
    CAPTURE(f.message);
    CHECK(f.interval.measured_ns < 100'000);
    CHECK(f.truth_ns > 1'900'000);
    CHECK(f.effect_ns > 1'800'000);
  }
}

TEST_CASE("recorded events on the legacy stream around non-blocking work are caught") {
  const auto findings = rules::run_rules(recorded_trace("events_default_stream_mismatch"));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].rule == "event-stream-mismatch");
  CHECK(findings[0].interval.measured_ns < 100'000);
  CHECK(findings[0].truth_ns > 1'900'000);
}

TEST_CASE("recorded programs that ended early are read and judged without a timing") {
  for (const char* name :
       {"early_exit_queued_work", "early_abort_queued_work", "early_segv_queued_work"}) {
    CAPTURE(name);
    const trace::run_trace t = recorded_trace(name);
    REQUIRE(t.end.has_value());
    CHECK(rules::run_rules(t).empty());
  }
}

TEST_CASE("recorded first CUDA calls inside the timing are cold starts") {
  // The start read comes before the process's first CUDA call (before the tracer's CUPTI half
  // starts); the stop read must still be there, and the start-up inside the interval found.
  for (const char* name :
       {"first_launch_cold_start", "constant_upload_cold_start", "cublas_first_call_cold_start"}) {
    CAPTURE(name);
    const trace::run_trace t = recorded_trace(name);
    REQUIRE(t.clocks.size() == 2);
    const auto findings = rules::run_rules(t);
    CHECK(rule_set(findings) == std::set<std::string>{"cold-start"});
    for (const auto& f : findings) {
      CAPTURE(f.message);
      CHECK(f.effect_ns > 20'000'000); // tens of ms of start-up
    }
  }
  // cuBLAS loads its kernels lazily inside cudaFuncSetAttribute / cudaFuncGetAttributes, queries
  // the tracer writes only because a module was loaded in them, during its first GEMM: named as
  // cuBLAS's first call, from its first load to its first launch (124 ms of its calls in a row).
  const auto cublas = rules::run_rules(recorded_trace("cublas_first_call_cold_start"));
  REQUIRE(cublas.size() == 1);
  CAPTURE(cublas[0].message);
  CHECK(cublas[0].message.find("the first cuBLAS call of the run that launched work") !=
        std::string::npos);
  CHECK(cublas[0].message.find("module loading in cudaFuncSetAttribute") == std::string::npos);
  CHECK(cublas[0].effect_ns > 120'000'000);
}

TEST_CASE("a recorded marked submission-only interval and a synced one get no finding") {
  trace::run_trace t = recorded_trace("launch_overhead_marked");
  REQUIRE(t.clocks.size() == 4);
  t.clocks[1].marker = true; // what lint's addr2line step sets (line 42 carries the comment)
  CHECK(rules::run_rules(t).empty());
  const auto notes = rules::describe_intervals(t);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].rule == "submission-only");
}
