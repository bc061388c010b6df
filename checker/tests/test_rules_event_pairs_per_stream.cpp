// SPDX-License-Identifier: MIT
// One event pair per stream, and the earliest start to the latest stop returned (a held-out
// class's submission): the cross-stream pair that spans every stream's pair holds all the work, and
// the pairs the function measured and left aside do not explain the number it returned.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

namespace {

constexpr trace::handle s1 = 0x5, s2 = 0x6;    // two cudaStreamNonBlocking streams
constexpr std::uint32_t s1_id = 9, s2_id = 11; // their CUPTI ids
constexpr trace::handle begin1 = 0xa1, begin2 = 0xa2, end1 = 0xb1, end2 = 0xb2;
constexpr trace::time_ns window_begin = 1 * ms, window_end = 3 * ms + 400 * us;

void record(test::trace_builder& b, trace::time_ns at_ns, trace::handle event, trace::handle stream,
            std::uint32_t stream_id, trace::time_ns done_ns,
            std::vector<trace::event_time>& times) {
  trace::api_call& call = b.api("cudaEventRecord", at_ns, at_ns + 2 * us);
  call.event = event;
  call.stream = stream;
  call.stream_id = stream_id;
  call.site = "exercise+0x20";
  times.push_back({event, done_ns, call.correlation});
}

void elapsed(test::trace_builder& b, trace::time_ns at_ns, trace::handle from, trace::handle to,
             double ms_between) {
  trace::api_call& call = b.api("cudaEventElapsedTime", at_ns, at_ns + 1 * us);
  call.event = from;
  call.event_end = to;
  call.elapsed_ms = ms_between;
  call.site = "exercise+0x40";
}

// Stream 1's work runs 1.200-2.600 ms, stream 2's 1.210-3.200 ms (GPU time 2.000 ms in all). The
// events complete: begin1 1.030, begin2 1.040, end1 2.605, end2 3.205 ms. All four pairs are
// measured, the longest last but one (begin1 -> end2: 2.175 ms).
trace::run_trace four_pairs(bool with_event_times) {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, s1, s1_id);
  b.create_non_blocking_stream(120 * us, s2, s2_id);
  b.clock(window_begin, "check+0x10");
  std::vector<trace::event_time> times;
  record(b, window_begin + 10 * us, begin1, s1, s1_id, window_begin + 30 * us, times);
  record(b, window_begin + 15 * us, begin2, s2, s2_id, window_begin + 40 * us, times);
  b.launch(window_begin + 20 * us, window_begin + 200 * us, 2 * ms + 600 * us, 1, s1_id, s1);
  b.launch(window_begin + 25 * us, window_begin + 210 * us, 3 * ms + 200 * us, 1, s2_id, s2);
  record(b, window_begin + 30 * us, end1, s1, s1_id, 2 * ms + 605 * us, times);
  record(b, window_begin + 35 * us, end2, s2, s2_id, 3 * ms + 205 * us, times);
  trace::api_call& wait1 = b.api("cudaEventSynchronize", window_begin + 40 * us, 2 * ms + 610 * us);
  wait1.event = end1;
  trace::api_call& wait2 = b.api("cudaEventSynchronize", 2 * ms + 612 * us, 3 * ms + 210 * us);
  wait2.event = end2;
  elapsed(b, 3 * ms + 220 * us, begin1, end1, 1.575);
  elapsed(b, 3 * ms + 230 * us, begin2, end1, 1.565);
  elapsed(b, 3 * ms + 240 * us, begin1, end2, 2.175);
  elapsed(b, 3 * ms + 250 * us, begin2, end2, 2.165);
  b.clock(window_end, "check+0x50");
  trace::run_trace t = b.build();
  if (with_event_times)
    t.event_times = times;
  return t;
}

rules::rule_options lesson_call(double reported_ms) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window = rules::call_window{window_begin, window_end, 1, reported_ms, 2.0};
  return options;
}

std::vector<trace::time_ns> measured_of(const std::vector<rules::finding>& findings) {
  std::vector<trace::time_ns> measured;
  for (const rules::finding& f : findings)
    measured.push_back(f.interval.measured_ns);
  return measured;
}

} // namespace

TEST_CASE("events on two streams spanning both streams' pairs hold the work: no mismatch") {
  // Lint reads every pair: begin2 -> end1 misses stream 1's start (begin1 completed before
  // begin2), so it is a mismatch; begin1 -> end2 spans both streams' pairs, and is none.
  const auto findings = rules::run_rule("event-stream-mismatch", four_pairs(true));
  CHECK(measured_of(findings) == std::vector<trace::time_ns>{1565 * us});
}

TEST_CASE("without the events' completion times, a cross-stream pair is still a mismatch") {
  const auto findings = rules::run_rule("event-stream-mismatch", four_pairs(false));
  CHECK(measured_of(findings) == std::vector<trace::time_ns>{2175 * us, 1565 * us});
}

TEST_CASE("in a lesson, only the pair whose time was returned explains the number") {
  SUBCASE("the longest pair returned: nothing to say (no mismatch, no returned-value)") {
    CHECK(rules::run_rules(four_pairs(true), lesson_call(2.175)).empty());
  }
  SUBCASE("a pair that misses stream 1's start returned: that pair's mismatch") {
    const auto findings = rules::run_rules(four_pairs(true), lesson_call(1.565));
    REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
    CHECK(findings[0].interval.measured_ns == 1565 * us);
  }
  SUBCASE("a number none of the pairs measured: returned-value, on the last pair") {
    // Each of stream 1's pairs leaves out stream 2's work, which ran on after end1 completed.
    const auto findings = rules::run_rules(four_pairs(true), lesson_call(1.9));
    REQUIRE(test::rule_ids(findings) ==
            strings{"event-stream-mismatch", "event-stream-mismatch", "returned-value"});
    CHECK(measured_of(findings) == std::vector<trace::time_ns>{1575 * us, 1565 * us, 2165 * us});
    // a number the rule cannot relate to any measurement is the check's to judge, not a fact
    // that refutes a pass (analysis::refutes_pass)
    CHECK_FALSE(findings[2].exact_slip);
  }
  SUBCASE("stream 1's own pair returned: it leaves out stream 2's work, still running past it") {
    const auto findings = rules::run_rules(four_pairs(true), lesson_call(1.575));
    REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
    CHECK(measured_of(findings) == std::vector<trace::time_ns>{1575 * us});
  }
}

namespace {

// Pieces on stream 2 and a short marker on stream 1 after each, both events on stream 1 (a held-out
// submission's time_marked_pieces): the events' stream carries work of its own, the markers, but
// the stop is not ordered after the pieces. The piece runs 1.200 ms to `piece_end`, the marker
// 1.250-1.270 ms, and the stop completes at 1.280 ms.
trace::run_trace markers_between_pieces(trace::time_ns piece_end) {
  test::trace_builder b;
  b.create_non_blocking_stream(100 * us, s1, s1_id);
  b.create_non_blocking_stream(120 * us, s2, s2_id);
  b.clock(window_begin, "check+0x10");
  std::vector<trace::event_time> times;
  record(b, window_begin + 10 * us, begin1, s1, s1_id, window_begin + 30 * us, times);
  b.launch(window_begin + 20 * us, window_begin + 200 * us, piece_end, 1, s2_id, s2);
  b.launch(window_begin + 25 * us, window_begin + 250 * us, window_begin + 270 * us, 1, s1_id, s1);
  record(b, window_begin + 30 * us, end1, s1, s1_id, window_begin + 280 * us, times);
  trace::api_call& wait =
      b.api("cudaEventSynchronize", window_begin + 40 * us, window_begin + 285 * us);
  wait.event = end1;
  elapsed(b, window_begin + 290 * us, begin1, end1, 0.250);
  b.clock(window_end, "check+0x50");
  trace::run_trace t = b.build();
  t.event_times = times;
  return t;
}

} // namespace

TEST_CASE(
    "events whose stream carries a marker leave out the pieces on other streams, in a lesson") {
  const trace::run_trace pieces_run_on = markers_between_pieces(3 * ms + 200 * us);
  SUBCASE("in a lesson the truth is all the work: the pieces still running past the stop are "
          "left out") {
    const auto findings = rules::run_rules(pieces_run_on, lesson_call(0.250));
    REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
    CHECK(findings[0].message.find("(0x6)") != std::string::npos); // the pieces' stream
  }
  SUBCASE("lint does not know the intent (one stream timed beside others on purpose): silent") {
    CHECK(rules::run_rule("event-stream-mismatch", pieces_run_on).empty());
  }
  SUBCASE("pieces that ended before the stop completed were not left out") {
    const auto findings =
        rules::run_rules(markers_between_pieces(window_begin + 240 * us), lesson_call(0.250));
    const strings ids = test::rule_ids(findings);
    CHECK(std::count(ids.begin(), ids.end(), "event-stream-mismatch") == 0);
  }
}
