// SPDX-License-Identifier: MIT
// A host-paced mistake that the traced replay hides. The tracer slows every API call; a loop of
// launches whose timing stops when the host has queued the last one (no wait, or events on a
// stream not ordered with the work) then comes out near the work's time, and the replay's own
// effect is immaterial. The structure is still wrong, and the run that failed (untraced) showed a
// material miss: the window carries that run's numbers, and the rule weighs its effect by them.
// Without them, or with a miss the mistake cannot cause (a number too long for a clock stopped
// early), it stays quiet.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;

namespace {

constexpr int iterations = 200;
constexpr trace::time_ns begin_ns = 1 * ms;     // call_timed's start
constexpr trace::time_ns call_gap_ns = 12 * us; // a traced launch call: slower than the GPU's 11 us

rules::rule_options replay_call(trace::time_ns end_ns, double reported_ms, double truth_ms,
                                double failed_reported_ms, double failed_truth_ms) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window = rules::call_window{begin_ns,           end_ns,         1, reported_ms, truth_ms,
                                      failed_reported_ms, failed_truth_ms};
  return options;
}

// 200 launches of a 10 us kernel on the checker's stream (id 9), one every call_gap_ns: each
// starts when it is queued, 10 us later, and the GPU idles between them. Returns the last end.
trace::time_ns queue_paced_loop(test::trace_builder& b, trace::time_ns first_call_ns) {
  trace::time_ns end_ns = 0;
  for (int i = 0; i < iterations; ++i) {
    const trace::time_ns call_ns = first_call_ns + i * call_gap_ns;
    end_ns = call_ns + 20 * us;
    b.launch(call_ns, call_ns + 10 * us, end_ns, 1, 9, 0x5);
  }
  return end_ns;
}

struct paced_run {
  trace::run_trace trace;
  trace::time_ns end_ns = 0;
  double measured_ms = 0; // what the replay's timing measured
  double truth_ms = 0;    // the work's time in the replay
};

// The rules' findings on a replayed run, told the failed (untraced) run's numbers: 0, 0 when the
// window knows none.
std::vector<rules::finding>
findings_with_failed_run(const paced_run& run, double failed_reported_ms, double failed_truth_ms) {
  return rules::run_rules(run.trace, replay_call(run.end_ns, run.measured_ms, run.truth_ms,
                                                 failed_reported_ms, failed_truth_ms));
}

// A host clock started, the loop queued, the clock stopped: no wait.
paced_run clock_and_no_wait() {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, 0x5, 9);
  b.clock(begin_ns, "check+0x10");
  b.clock(begin_ns + 5 * us, "exercise+0x20");
  const trace::time_ns last_end = queue_paced_loop(b, begin_ns + 10 * us);
  const trace::time_ns stop_ns = begin_ns + 10 * us + iterations * call_gap_ns;
  b.clock(stop_ns, "exercise+0x30");
  paced_run run;
  run.end_ns = last_end + 20 * us;
  b.clock(run.end_ns, "check+0x40");
  run.trace = b.build();
  run.measured_ms = static_cast<double>(stop_ns - begin_ns - 5 * us) * 1e-6;
  run.truth_ms = static_cast<double>(last_end - begin_ns - 20 * us) * 1e-6;
  return run;
}

// Events on a stream of the function's own (id 11), the loop on the checker's stream.
paced_run events_on_their_own_stream() {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, 0x5, 9);
  b.clock(begin_ns, "check+0x10");
  b.create_non_blocking_stream(begin_ns + 2 * us, 0x6, 11);
  trace::api_call& start = b.api("cudaEventRecord", begin_ns + 15 * us, begin_ns + 17 * us);
  start.event = 0xa;
  start.stream = 0x6;
  start.stream_id = 11;
  start.site = "exercise+0x20";
  const trace::time_ns last_end = queue_paced_loop(b, begin_ns + 20 * us);
  const trace::time_ns stop_ns = begin_ns + 20 * us + iterations * call_gap_ns;
  trace::api_call& stop = b.api("cudaEventRecord", stop_ns, stop_ns + 2 * us);
  stop.event = 0xb;
  stop.stream = 0x6;
  stop.stream_id = 11;
  stop.site = "exercise+0x30";
  trace::api_call& sync = b.api("cudaEventSynchronize", stop_ns + 3 * us, stop_ns + 8 * us);
  sync.event = 0xb;
  paced_run run;
  run.measured_ms = static_cast<double>(stop_ns - begin_ns - 15 * us) * 1e-6;
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", stop_ns + 10 * us, stop_ns + 11 * us);
  elapsed.event = 0xa;
  elapsed.event_end = 0xb;
  elapsed.elapsed_ms = run.measured_ms;
  elapsed.site = "exercise+0x60";
  run.end_ns = last_end + 20 * us;
  b.clock(run.end_ns, "check+0x40");
  run.trace = b.build();
  run.truth_ms = static_cast<double>(last_end - begin_ns - 30 * us) * 1e-6;
  return run;
}

// A host clock, the loop, and a cudaStreamSynchronize on a stream of the function's own (id 11,
// empty) before the stop: the wait returned at once.
paced_run clock_and_wait_on_other_stream() {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, 0x5, 9);
  b.clock(begin_ns, "check+0x10");
  b.create_non_blocking_stream(begin_ns + 2 * us, 0x6, 11);
  b.clock(begin_ns + 5 * us, "exercise+0x20");
  const trace::time_ns last_end = queue_paced_loop(b, begin_ns + 10 * us);
  const trace::time_ns wait_ns = begin_ns + 10 * us + iterations * call_gap_ns;
  trace::api_call& sync = b.api("cudaStreamSynchronize", wait_ns, wait_ns + 2 * us);
  sync.stream = 0x6;
  sync.stream_id = 11;
  sync.site = "exercise+0x28";
  const trace::time_ns stop_ns = wait_ns + 3 * us;
  b.clock(stop_ns, "exercise+0x30");
  paced_run run;
  run.end_ns = last_end + 20 * us;
  b.clock(run.end_ns, "check+0x40");
  run.trace = b.build();
  run.measured_ms = static_cast<double>(stop_ns - begin_ns - 5 * us) * 1e-6;
  run.truth_ms = static_cast<double>(last_end - begin_ns - 20 * us) * 1e-6;
  return run;
}

} // namespace

TEST_CASE("a host clock and no wait, hidden in the replay: the run that failed shows the miss") {
  const paced_run run = clock_and_no_wait();
  SUBCASE("the replay alone: the work ended 8 us after the stop, no finding") {
    CHECK(findings_with_failed_run(run, 0, 0).empty());
  }
  SUBCASE("the failed run reported 1.009 ms for 2.359 ms of work") {
    const auto findings = findings_with_failed_run(run, 1.009, 2.359);
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].rule == "unsynced-stop");
    CHECK(findings[0].effect_ns == 1'350'000);
    CHECK(findings[0].message.find("in the run that failed you reported 1.009 ms") !=
          std::string::npos);
    CHECK(findings[0].message.find("the work took 2.359 ms") != std::string::npos);
  }
  SUBCASE("a failed run whose number was too long: not this mistake's") {
    CHECK(findings_with_failed_run(run, 3.5, 2.359).empty());
  }
  SUBCASE("a failed run that missed by less than the rules' threshold") {
    CHECK(findings_with_failed_run(run, 2.35, 2.359).empty());
  }
}

TEST_CASE("events on a stream of their own, hidden in the replay: the failed run shows the miss") {
  const paced_run run = events_on_their_own_stream();
  SUBCASE("the replay alone: no finding") {
    CHECK(findings_with_failed_run(run, 0, 0).empty());
  }
  SUBCASE("the failed run reported 0.799 ms for 2.340 ms of work") {
    const auto findings = findings_with_failed_run(run, 0.799, 2.340);
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].rule == "event-stream-mismatch");
    CHECK(findings[0].message.find("in the run that failed you reported 0.799 ms") !=
          std::string::npos);
  }
  SUBCASE("the failed run's number was no number (NaN): no finding") {
    CHECK(findings_with_failed_run(run, std::nan(""), 2.340).empty());
  }
}

TEST_CASE("a wait on another stream, hidden in the replay: the run that failed shows the miss") {
  const paced_run run = clock_and_wait_on_other_stream();
  SUBCASE("the replay alone: no finding") {
    CHECK(findings_with_failed_run(run, 0, 0).empty());
  }
  SUBCASE("the failed run reported 0.905 ms for 2.361 ms of work") {
    const auto findings = findings_with_failed_run(run, 0.905, 2.361);
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].rule == "sync-other-stream");
    CHECK(findings[0].effect_ns == 1'456'000);
    CHECK(findings[0].blamed_site == "exercise+0x28");
    CHECK(findings[0].message.find("the cudaStreamSynchronize before the stop waited on") !=
          std::string::npos);
    CHECK(findings[0].message.find("in the run that failed you reported 0.905 ms") !=
          std::string::npos);
  }
  SUBCASE("a failed run whose number was too long: not this mistake's") {
    CHECK(findings_with_failed_run(run, 3.1, 2.361).empty());
  }
}
