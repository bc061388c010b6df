// SPDX-License-Identifier: MIT
#include "test_rules_support.hpp"

#include "rules/timed_intervals.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;
using method = rules::timed_interval::method;

TEST_CASE("host-clock intervals come from pairs of reads at different sites") {
  SUBCASE("a loop that times its body gives one interval per iteration, not the gaps") {
    test::trace_builder b;
    for (int i = 0; i < 3; ++i)
      b.clock(i * 10 * ms, "A").clock(i * 10 * ms + 2 * ms, "B");
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 3);
    for (const auto& interval : intervals) {
      CHECK(interval.start_site == "A");
      CHECK(interval.stop_site == "B");
      CHECK(interval.measured_ns == 2 * ms);
      CHECK(interval.how == method::host_clock);
    }
  }
  SUBCASE("a helper called from two places gives two sites, hence one interval") {
    test::trace_builder b;
    b.clock(0, "a.out+0x40<a.out+0x100").clock(5 * ms, "a.out+0x40<a.out+0x180");
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 1);
    CHECK(intervals[0].measured_ns == 5 * ms);
  }
  SUBCASE("reads at one site only (a timestamp for logging) give no interval") {
    test::trace_builder b;
    b.clock(0, "L").clock(1 * ms, "L").clock(2 * ms, "L");
    CHECK(rules::find_timed_intervals(b.build()).empty());
  }
  SUBCASE("chained timing of two phases gives both phases") {
    test::trace_builder b;
    b.clock(0, "A").clock(1 * ms, "B").clock(3 * ms, "C");
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 2);
    CHECK(intervals[0].measured_ns == 1 * ms);
    CHECK(intervals[1].measured_ns == 2 * ms);
  }
  SUBCASE("two timings one after the other give two intervals, not the gap between them") {
    // cpu_loop_vs_gpu.cu: c0 c1 (CPU loop), then setup, then g0 g1. Nested timers have the same
    // shape (outer A..D, inner B..C): only the partial A->B and C->D come out (a known limit).
    test::trace_builder b;
    b.clock(0, "A").clock(1 * ms, "B").clock(3 * ms, "C").clock(4 * ms, "D");
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 2);
    CHECK(intervals[0].start_site == "A");
    CHECK(intervals[0].stop_site == "B");
    CHECK(intervals[1].start_site == "C");
    CHECK(intervals[1].stop_site == "D");
  }
  SUBCASE("many timings one after the other give each timing, not the gaps between them") {
    // reduceInteger.cu's shape: t0 cpu t1, then for each kernel a copy, a sync, t kernel sync t.
    test::trace_builder b;
    const char* sites[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    for (int i = 0; i < 8; ++i)
      b.clock(i * 10 * ms + (i % 2) * 2 * ms, sites[i]);
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 4);
    for (int k = 0; k < 4; ++k) {
      CHECK(intervals[k].start_site == sites[2 * k]);
      CHECK(intervals[k].stop_site == sites[2 * k + 1]);
      CHECK(intervals[k].measured_ns == 12 * ms);
    }
  }
  SUBCASE("reads without a site are never paired") {
    test::trace_builder b;
    b.clock(0, "").clock(1 * ms, "");
    CHECK(rules::find_timed_intervals(b.build()).empty());
  }
  SUBCASE("reads of different threads or different clocks are not paired") {
    test::trace_builder b;
    b.clock(0, "A", 1).clock(1 * ms, "B", 2);
    b.clock(2 * ms, "A", 3, "monotonic").clock(3 * ms, "B", 3, "realtime");
    CHECK(rules::find_timed_intervals(b.build()).empty());
  }
  SUBCASE("two threads timing at the same sites get one interval each") {
    test::trace_builder b;
    b.clock(0, "A", 1).clock(100 * us, "A", 2).clock(2 * ms, "B", 1).clock(3 * ms, "B", 2);
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 2);
    CHECK(intervals[0].tid == 1);
    CHECK(intervals[0].measured_ns == 2 * ms);
    CHECK(intervals[1].tid == 2);
  }
  SUBCASE("the marker on the stop read marks the interval as intended") {
    test::trace_builder b;
    b.clock(0, "A").clock(1 * ms, "B", 1, "monotonic", true);
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 1);
    CHECK(intervals[0].marked_intended);
  }
  SUBCASE("a marked stop opens no interval (launch_overhead_marked.cu's shape)") {
    test::trace_builder b;
    b.clock(0, "A").clock(1 * ms, "B", 1, "monotonic", true);
    b.clock(3 * ms, "C").clock(5 * ms, "D");
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 2);
    CHECK(intervals[0].start_site == "A");
    CHECK(intervals[0].stop_site == "B");
    CHECK(intervals[0].marked_intended);
    CHECK(intervals[1].start_site == "C");
    CHECK(intervals[1].stop_site == "D");
  }
}

TEST_CASE("event intervals come from successful cudaEventElapsedTime calls") {
  SUBCASE("the latest record of each event before the call bounds the interval") {
    const auto intervals =
        rules::find_timed_intervals(test::synthetic_trace("correct_events_on_work_stream"));
    REQUIRE(intervals.size() == 1);
    const auto& interval = intervals[0];
    CHECK(interval.how == method::events);
    CHECK(interval.measured_ns == 2632 * us);
    CHECK(interval.start_event != 0);
    CHECK(interval.stop_event != interval.start_event);
    CHECK(interval.start_record_correlation != 0);
    CHECK(interval.stop_record_ns > interval.start_ns);
    CHECK(interval.stop_ns > interval.stop_record_ns);
  }
  SUBCASE("a recorded event re-recorded in a loop pairs with its latest record") {
    test::trace_builder b;
    for (int i = 0; i < 2; ++i) {
      const trace::time_ns t = i * 10 * ms;
      b.api("cudaEventRecord", t, t + 1 * us).event = 0xa;
      b.api("cudaEventRecord", t + 3 * ms, t + 3 * ms + 1 * us).event = 0xb;
      auto& call = b.api("cudaEventElapsedTime", t + 4 * ms, t + 4 * ms + 1 * us);
      call.event = 0xa;
      call.event_end = 0xb;
      call.elapsed_ms = 3.0;
    }
    const auto intervals = rules::find_timed_intervals(b.build());
    REQUIRE(intervals.size() == 2);
    CHECK(intervals[1].start_ns == 10 * ms);
    CHECK(intervals[1].stop_record_ns == 13 * ms + 1 * us);
  }
  SUBCASE("a failed call is not an interval") {
    CHECK(rules::find_timed_intervals(test::synthetic_trace("event_not_complete")).empty());
  }
}
