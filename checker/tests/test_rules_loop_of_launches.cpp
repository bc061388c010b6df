// SPDX-License-Identifier: MIT
// A loop of launches in lesson mode, the launch-overhead lesson's (the window of one call of
// time_loop_ms): the reference's one pair of events around 200 launches of the same kernel gives
// no finding, whatever the checker's truth; each launch timed with its own events and the times
// summed is a returned-value slip (the sum of the intervals), and the 199 launches outside each
// interval are not work left out (event-order judges only events that bracket no work). The class's
// other wrong timings get the rule its .says file asks for: a host clock and no wait
// (unsynced-stop), events on a stream of the function's own (event-stream-mismatch).
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

namespace {

constexpr int iterations = 200;
constexpr trace::time_ns work_ns = 10 * us; // the check's known work: a 10 us kernel
constexpr trace::time_ns begin_ns = 1 * ms; // call_timed's start

rules::rule_options lesson_call(trace::time_ns end_ns, double reported_ms, double truth_ms) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window = rules::call_window{begin_ns, end_ns, 1, reported_ms, truth_ms};
  return options;
}

trace::api_call& record(test::trace_builder& b, trace::time_ns at_ns, trace::handle event,
                        const char* site) {
  trace::api_call& call = b.api("cudaEventRecord", at_ns, at_ns + 2 * us);
  call.event = event;
  call.stream = 0x5;
  call.stream_id = 9;
  call.site = site;
  return call;
}

void elapsed(test::trace_builder& b, trace::time_ns at_ns, double elapsed_ms) {
  trace::api_call& call = b.api("cudaEventElapsedTime", at_ns, at_ns + 1 * us);
  call.event = 0xa;
  call.event_end = 0xb;
  call.elapsed_ms = elapsed_ms;
  call.site = "exercise+0x60";
}

void name_the_work(trace::run_trace& t) {
  for (trace::gpu_activity& work : t.activity)
    work.name = "spin_for";
}

// The reference: a start event, 200 launches queued 3 us apart and run back to back (11 us each:
// 10 us of work and a 1 us gap), a stop event, its wait, the elapsed time. Returns the window's
// end.
trace::run_trace timed_once(trace::time_ns& end_ns, double& measured_ms) {
  test::trace_builder b;
  b.clock(begin_ns, "check+0x10");
  const trace::time_ns first_ns = begin_ns + 20 * us;
  record(b, begin_ns + 5 * us, 0xa, "exercise+0x20");
  for (int i = 0; i < iterations; ++i) {
    const trace::time_ns gpu_start = first_ns + i * 11 * us;
    b.launch(begin_ns + 10 * us + i * 3 * us, gpu_start, gpu_start + work_ns, 1, 9, 0x5);
  }
  const trace::time_ns last_end = first_ns + (iterations - 1) * 11 * us + work_ns;
  record(b, begin_ns + 10 * us + iterations * 3 * us, 0xb, "exercise+0x30");
  trace::api_call& sync =
      b.api("cudaEventSynchronize", begin_ns + 20 * us + iterations * 3 * us, last_end + 5 * us);
  sync.event = 0xb;
  measured_ms = static_cast<double>(last_end + 2 * us - (begin_ns + 7 * us)) * 1e-6;
  elapsed(b, last_end + 6 * us, measured_ms);
  end_ns = last_end + 10 * us;
  b.clock(end_ns, "check+0x40");
  trace::run_trace t = b.build();
  name_the_work(t);
  return t;
}

// Each launch between its own pair of events, waited for, its elapsed time added up: 16 us an
// interval (the start's record, the launch's latency, the work, the stop).
trace::run_trace timed_each(trace::time_ns& end_ns, double& summed_ms) {
  test::trace_builder b;
  b.clock(begin_ns, "check+0x10");
  summed_ms = 0;
  trace::time_ns at = begin_ns + 5 * us;
  for (int i = 0; i < iterations; ++i) {
    record(b, at, 0xa, "exercise+0x20");
    b.launch(at + 3 * us, at + 8 * us, at + 8 * us + work_ns, 1, 9, 0x5);
    record(b, at + 9 * us, 0xb, "exercise+0x30");
    trace::api_call& sync = b.api("cudaEventSynchronize", at + 12 * us, at + 20 * us);
    sync.event = 0xb;
    const double interval_ms = 0.016;
    elapsed(b, at + 21 * us, interval_ms);
    summed_ms += interval_ms;
    at += 25 * us;
  }
  end_ns = at + 5 * us;
  b.clock(end_ns, "check+0x40");
  trace::run_trace t = b.build();
  name_the_work(t);
  return t;
}

} // namespace

TEST_CASE("a loop of launches: one pair of events around 200 launches gives no finding") {
  trace::time_ns end_ns = 0;
  double measured_ms = 0;
  const trace::run_trace t = timed_once(end_ns, measured_ms);
  SUBCASE("the number it measured, against a truth as long") {
    CHECK(rules::run_rules(t, lesson_call(end_ns, measured_ms, measured_ms)).empty());
  }
  SUBCASE("against a shorter truth (a neighbour slowed the call, not the checker's timing)") {
    CHECK(rules::run_rules(t, lesson_call(end_ns, measured_ms, 0.8 * measured_ms)).empty());
  }
  SUBCASE("one interval, with all 200 launches in it") {
    const auto analysed = rules::run_all_rules(t, lesson_call(end_ns, measured_ms, measured_ms));
    REQUIRE(analysed.intervals.size() == 1);
    CHECK(analysed.findings.empty());
  }
}

TEST_CASE(
    "a loop of launches: each launch timed and summed is a sum of intervals, not work left out") {
  trace::time_ns end_ns = 0;
  double summed_ms = 0;
  const trace::run_trace t = timed_each(end_ns, summed_ms);
  const auto options = lesson_call(end_ns, summed_ms, 2.2);
  const auto analysed = rules::run_all_rules(t, options);
  CHECK(analysed.intervals.size() == iterations);
  const auto findings = rules::run_rules(t, options);
  const strings ids = test::rule_ids(findings);
  CHECK(std::find(ids.begin(), ids.end(), "event-order") == ids.end());
  REQUIRE_FALSE(findings.empty());
  CHECK(findings[0].rule == "returned-value");
  CHECK(findings[0].message.find("the sum of the 200 intervals") != std::string::npos);
  CHECK(findings[0].hint.find("time the loop once") != std::string::npos);
  // an exact relation: it refutes a pass on a disturbed GPU (a class's dan passed under load)
  CHECK(findings[0].exact_slip);
}

namespace {

// 200 launches of the known work on the checker's non-blocking stream (id 9), queued 3 us apart
// from `first_call_ns` and run back to back (11 us each). Returns when the last one ends.
trace::time_ns queue_loop(test::trace_builder& b, trace::time_ns first_call_ns) {
  for (int i = 0; i < iterations; ++i) {
    const trace::time_ns gpu_start = first_call_ns + 10 * us + i * 11 * us;
    b.launch(first_call_ns + i * 3 * us, gpu_start, gpu_start + work_ns, 1, 9, 0x5);
  }
  return first_call_ns + 10 * us + (iterations - 1) * 11 * us + work_ns;
}

} // namespace

TEST_CASE("a loop of launches: a host clock around the loop and no wait is unsynced-stop") {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, 0x5, 9); // the checker's stream
  b.clock(begin_ns, "check+0x10");
  b.clock(begin_ns + 5 * us, "exercise+0x20");
  const trace::time_ns last_end = queue_loop(b, begin_ns + 10 * us);
  const trace::time_ns stop_ns = begin_ns + 10 * us + iterations * 3 * us;
  b.clock(stop_ns, "exercise+0x30"); // the launch calls only: the GPU runs on
  b.clock(stop_ns + 2 * us, "check+0x40");
  trace::run_trace t = b.build();
  name_the_work(t);
  const double reported_ms = static_cast<double>(stop_ns - begin_ns - 5 * us) * 1e-6;
  const double truth_ms = static_cast<double>(last_end - begin_ns - 20 * us) * 1e-6;
  const auto findings = rules::run_rules(t, lesson_call(stop_ns + 2 * us, reported_ms, truth_ms));
  REQUIRE_FALSE(findings.empty());
  CHECK(findings[0].rule == "unsynced-stop");
}

TEST_CASE(
    "a loop of launches: the loop's events on a stream of their own are event-stream-mismatch") {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, 0x5, 9); // the checker's stream, which carries the work
  b.clock(begin_ns, "check+0x10");
  // The function's own stream, for its events.
  b.create_non_blocking_stream(begin_ns + 2 * us, 0x6, 11);
  trace::api_call& start = b.api("cudaEventRecord", begin_ns + 15 * us, begin_ns + 17 * us);
  start.event = 0xa;
  start.stream = 0x6;
  start.stream_id = 11;
  start.site = "exercise+0x20";
  const trace::time_ns last_end = queue_loop(b, begin_ns + 20 * us);
  const trace::time_ns stop_ns = begin_ns + 20 * us + iterations * 3 * us;
  trace::api_call& stop = b.api("cudaEventRecord", stop_ns, stop_ns + 2 * us);
  stop.event = 0xb;
  stop.stream = 0x6;
  stop.stream_id = 11;
  stop.site = "exercise+0x30";
  trace::api_call& sync = b.api("cudaEventSynchronize", stop_ns + 3 * us, stop_ns + 8 * us);
  sync.event = 0xb;
  elapsed(b, stop_ns + 10 * us, 0.004);
  b.clock(last_end + 20 * us, "check+0x40");
  trace::run_trace t = b.build();
  name_the_work(t);
  const double truth_ms = static_cast<double>(last_end - begin_ns - 30 * us) * 1e-6;
  const auto findings = rules::run_rules(t, lesson_call(last_end + 20 * us, 0.004, truth_ms));
  REQUIRE_FALSE(findings.empty());
  CHECK(findings[0].rule == "event-stream-mismatch");
}
