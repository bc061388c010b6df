// SPDX-License-Identifier: MIT
// The rules about host-clock intervals: unsynced-stop, sync-other-stream, stale-queue,
// cpu-time-clock.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

TEST_CASE("unsynced-stop fires when the clock stops before the work ends") {
  const trace::run_trace t = test::synthetic_trace("unsynced_stop_no_sync");
  SUBCASE("a lesson check accuses, with the numbers") {
    rules::rule_options options;
    options.mode = rules::rule_options::context::lesson;
    const auto findings = rules::run_rules(t, options);
    REQUIRE(test::rule_ids(findings) == strings{"unsynced-stop"});
    const rules::finding& f = findings[0];
    CHECK(f.level == rules::severity::error);
    CHECK(f.message == "you measured 40.0 us; the work launched in this interval ran 2.630 ms on "
                       "the GPU and finished 2.605 ms after your clock stopped");
    CHECK(f.effect_ns == 2605 * us);
    CHECK(f.truth_ns == 2630 * us);
    CHECK_FALSE(f.hint.empty());
  }
  SUBCASE("lint states the fact without accusing, as a warning") {
    const auto findings = rules::run_rules(t);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].level == rules::severity::warning);
    CHECK(findings[0].message.rfind("this interval measures only the submission of work", 0) == 0);
  }
  SUBCASE("a loop of unsynced iterations gives one finding that counts them") {
    test::trace_builder b;
    for (int i = 0; i < 4; ++i) {
      const trace::time_ns t0 = i * 10 * ms;
      b.clock(t0, "A").launch(t0 + 5 * us, t0 + 10 * us, t0 + (3 + i) * ms);
      b.clock(t0 + 20 * us, "B").device_sync(t0 + 30 * us, t0 + 7 * ms);
    }
    const auto findings = rules::run_rules(b.build());
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].occurrences == 4);
    CHECK(findings[0].effect_ns == 6 * ms - 20 * us); // the worst one is shown
  }
  SUBCASE("work that ends a few microseconds after the stop is immaterial") {
    test::trace_builder b;
    b.clock(0, "A").launch(5 * us, 10 * us, 20 * ms + 30 * us).clock(20 * ms, "B");
    CHECK(rules::run_rules(b.build()).empty());
  }
}

TEST_CASE("sync-other-stream replaces unsynced-stop when the stop waited on another stream") {
  const auto findings = rules::run_rules(test::synthetic_trace("sync_other_stream"));
  REQUIRE(test::rule_ids(findings) == strings{"sync-other-stream"});
  const rules::finding& f = findings[0];
  CHECK(f.level == rules::severity::error);
  CHECK(f.effect_ns == 2595 * us);
  CHECK(f.message.find("cudaStreamSynchronize") != std::string::npos);
  CHECK(f.message.find("finished 2.595 ms after your clock stopped") != std::string::npos);
}

TEST_CASE("stale-queue fires when the stop waited for work launched before the start") {
  SUBCASE("8 ms of earlier work under a device sync") {
    const auto findings = rules::run_rules(test::synthetic_trace("stale_queue_device_sync"));
    REQUIRE(test::rule_ids(findings) == strings{"stale-queue"});
    const rules::finding& f = findings[0];
    CHECK(f.effect_ns == 7810 * us);
    CHECK(f.message == "the interval includes 7.810 ms of earlier work, 91% of what you measured "
                       "(8.614 ms): work launched before your clock started was still queued, and "
                       "the cudaDeviceSynchronize at the stop waited for it");
  }
  SUBCASE("a few microseconds of earlier work under a 20 ms interval are immaterial") {
    test::trace_builder b;
    b.launch(0, 10 * us, 1 * ms + 8 * us);
    b.clock(1 * ms, "A").launch(1 * ms + 5 * us, 1 * ms + 10 * us, 21 * ms);
    b.device_sync(1 * ms + 10 * us, 21 * ms + 5 * us).clock(21 * ms + 10 * us, "B");
    CHECK(rules::run_rules(b.build()).empty());
  }
  SUBCASE("earlier work on another stream does not count under a stream sync") {
    test::trace_builder b;
    b.launch(0, 10 * us, 9 * ms, 1, 21, 0x21);
    b.clock(1 * ms, "A").launch(1 * ms + 5 * us, 1 * ms + 10 * us, 2 * ms, 1, 22, 0x22);
    trace::api_call& sync = b.api("cudaStreamSynchronize", 1 * ms + 10 * us, 2 * ms + 5 * us);
    sync.stream = 0x22;
    sync.stream_id = 22;
    b.clock(2 * ms + 10 * us, "B");
    auto& create = b.api("cudaStreamCreate", -10 * ms, -9 * ms);
    create.created_stream = 0x21;
    create.created_stream_id = 21;
    auto& create2 = b.api("cudaStreamCreate", -8 * ms, -7 * ms);
    create2.created_stream = 0x22;
    create2.created_stream_id = 22;
    CHECK(rules::run_rules(b.build()).empty());
  }
}

// The work timed on stream 22, the stop's wait on stream 21, which still held 9 ms of earlier
// work: the work had ended long before the stop, and the clock ran for the other stream's work.
TEST_CASE("sync-other-stream, not stale-queue, when the stream waited on held other work") {
  test::trace_builder b;
  auto& create = b.api("cudaStreamCreate", -10 * ms, -9 * ms);
  create.created_stream = 0x21;
  create.created_stream_id = 21;
  auto& create2 = b.api("cudaStreamCreate", -8 * ms, -7 * ms);
  create2.created_stream = 0x22;
  create2.created_stream_id = 22;
  b.launch(0, 10 * us, 10 * ms, 1, 21, 0x21);
  b.clock(1 * ms, "A").launch(1 * ms + 5 * us, 1 * ms + 10 * us, 2 * ms, 1, 22, 0x22);
  trace::api_call& sync = b.api("cudaStreamSynchronize", 1 * ms + 10 * us, 10 * ms + 5 * us);
  sync.stream = 0x21;
  sync.stream_id = 21;
  sync.site = "exercise+0x40";
  b.clock(10 * ms + 10 * us, "B");
  const auto findings = rules::run_rules(b.build());
  REQUIRE(test::rule_ids(findings) == strings{"sync-other-stream"});
  const rules::finding& f = findings[0];
  CHECK(f.effect_ns == 9 * ms);
  CHECK(f.blamed_site == "exercise+0x40");
  CHECK(f.message.find("where none of the timed work ran") != std::string::npos);
  CHECK(f.message.find("9.000 ms of that stream's earlier work, 100% of what you measured") !=
        std::string::npos);
}

// The same, with a device-wide sync at the stop: the fix is to wait for the work's own stream, not
// to wait for the other stream before the start (a function that times one stream's share must not
// wait for the others at all).
TEST_CASE("stale-queue names other streams when a device sync held the clock for them alone") {
  const auto two_streams = [](std::uint32_t earlier_stream) {
    test::trace_builder b;
    auto& create = b.api("cudaStreamCreate", -10 * ms, -9 * ms);
    create.created_stream = 0x21;
    create.created_stream_id = 21;
    auto& create2 = b.api("cudaStreamCreate", -8 * ms, -7 * ms);
    create2.created_stream = 0x22;
    create2.created_stream_id = 22;
    b.launch(0, 10 * us, 10 * ms, 1, earlier_stream, earlier_stream == 21 ? 0x21 : 0x22);
    b.clock(1 * ms, "A").launch(1 * ms + 5 * us, 10 * ms, 11 * ms, 1, 22, 0x22);
    b.device_sync(1 * ms + 10 * us, 11 * ms + 5 * us).clock(11 * ms + 10 * us, "B");
    return rules::run_rules(b.build());
  };
  const auto other = two_streams(21);
  REQUIRE(test::rule_ids(other) == strings{"stale-queue"});
  CHECK(other[0].message.find("earlier work on other streams than yours") != std::string::npos);
  CHECK(other[0].hint.find("instead of the whole device") != std::string::npos);
  const auto same = two_streams(22); // the earlier work on the timed work's own stream
  REQUIRE(test::rule_ids(same) == strings{"stale-queue"});
  CHECK(same[0].message.find("other streams") == std::string::npos);
  CHECK(same[0].hint.find("before the first read") != std::string::npos);
}

TEST_CASE("cpu-time-clock fires when clock() stood still while the host waited for the GPU") {
  const auto findings = rules::run_rules(test::synthetic_trace("cpu_time_clock_blocking_sync"));
  REQUIRE(test::rule_ids(findings) == strings{"cpu-time-clock"});
  const rules::finding& f = findings[0];
  CHECK(f.effect_ns == 2532 * us);
  CHECK(f.message == "you measured 0.120 ms with clock(), which counts CPU time, but the interval "
                     "lasted 2.652 ms on the wall clock (its GPU work ran 2.630 ms)");
  SUBCASE("a CPU-only interval timed with clock() is fine") {
    test::trace_builder b;
    b.clock(0, "A", 1, "clock").clock(5 * ms, "B", 1, "clock");
    CHECK(rules::run_rules(b.build()).empty());
  }
}

TEST_CASE("cpu-time-clock fires when clock() matched the wall clock only because the host spun") {
  test::trace_builder b;
  b.api("cudaMalloc", 100 * us, 200 * us);
  b.clock(1 * ms, "A", 1, "clock");
  b.launch(1 * ms + 10 * us, 1 * ms + 20 * us, 4 * ms);
  b.device_sync(1 * ms + 20 * us, 4 * ms + 5 * us); // the host spun: CPU time = wall time
  b.clock(4 * ms + 10 * us, "B", 1, "clock");
  const auto findings = rules::run_rules(b.build());
  REQUIRE(test::rule_ids(findings) == strings{"cpu-time-clock"});
  CHECK(findings[0].effect_ns == 2985 * us);
  CHECK(findings[0].message.find("only because the host spun for 2.985 ms") != std::string::npos);
}

TEST_CASE("cpu-time-clock in a lesson: the cause even where the CPU was busy the whole interval") {
  // The student's CLOCK_PROCESS_CPUTIME_ID around a launch whose kernel ended before the stop:
  // the CPU ran throughout (value = monotonic time), no wait to lose.
  test::trace_builder b;
  b.clock(1 * ms, "check+0x10");
  b.clock(1 * ms + 10 * us, "exercise+0x20", 1, "process_cputime");
  b.launch(1 * ms + 20 * us, 1 * ms + 30 * us, 1 * ms + 90 * us);
  b.clock(1 * ms + 400 * us, "exercise+0x30", 1, "process_cputime");
  b.clock(1 * ms + 410 * us, "check+0x40");
  const trace::run_trace t = b.build();
  SUBCASE("lint: the number is right, nothing to say of its clock") {
    CHECK(test::rule_ids(rules::run_rules(t)) != strings{"cpu-time-clock"});
  }
  SUBCASE("lesson: every number asked for is a time that passes") {
    rules::rule_options options;
    options.mode = rules::rule_options::context::lesson;
    options.window = rules::call_window{1 * ms, 1 * ms + 410 * us, 1, 0.39, 0.06};
    const auto findings = rules::run_rules(t, options);
    REQUIRE_FALSE(findings.empty());
    const auto cpu = std::find_if(findings.begin(), findings.end(), [](const rules::finding& f) {
      return f.rule == "cpu-time-clock";
    });
    REQUIRE(cpu != findings.end());
    CHECK(cpu->message.find("with CLOCK_PROCESS_CPUTIME_ID, which counts CPU time") !=
          std::string::npos);
    CHECK(cpu->message.find("only because the CPU was busy") != std::string::npos);
  }
}

TEST_CASE("getrusage and times are clocks of CPU time") {
  for (const char* clock : {"getrusage", "times"}) {
    test::trace_builder b;
    b.clock(1 * ms, "A", 1, clock);
    b.launch(1 * ms + 10 * us, 1 * ms + 20 * us, 4 * ms);
    b.device_sync(1 * ms + 20 * us, 4 * ms + 5 * us);
    b.clock(4 * ms + 10 * us, "B", 1, clock);
    const auto findings = rules::run_rules(b.build());
    REQUIRE(test::rule_ids(findings) == strings{"cpu-time-clock"});
    CHECK(findings[0].message.find(std::string("with ") + clock + "()") != std::string::npos);
  }
}

TEST_CASE("calendar-clock warns when the calendar clock was set while it measured") {
  const trace::run_trace t = test::synthetic_trace("calendar_clock_stepped");
  const auto findings = rules::run_rules(t);
  REQUIRE(test::rule_ids(findings) == strings{"calendar-clock"});
  const rules::finding& f = findings[0];
  CHECK(f.level == rules::severity::warning);
  CHECK(f.effect_ns == 1000 * ms);
  CHECK(f.message.find("with CLOCK_REALTIME, the calendar clock") != std::string::npos);
  CHECK(f.message.find("lasted 2.652 ms on the monotonic clock") != std::string::npos);
  CHECK(f.message.find("jumped +") != std::string::npos);
  CHECK(f.hint.find("steady_clock") != std::string::npos);
  CHECK(rules::describe_intervals(t).empty()); // the warning says it; no note besides
  SUBCASE("set backwards: the move is reported with its sign") {
    trace::run_trace back = t;
    back.clocks.back().value_ns -= 2'000 * ms; // 1 s back instead of 1 s forward
    const auto found = rules::run_rules(back);
    REQUIRE(test::rule_ids(found) == strings{"calendar-clock"});
    CHECK(found[0].effect_ns == 1000 * ms);
    CHECK(found[0].message.find("jumped -") != std::string::npos);
  }
}

TEST_CASE("calendar-clock only notes a calendar clock that moved too little to tell") {
  const trace::run_trace t = test::synthetic_trace("correct_calendar_clock_unmoved");
  CHECK(rules::run_rules(t).empty());
  const auto notes = rules::describe_intervals(t);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].rule == "calendar-clock");
  CHECK(notes[0].level == rules::severity::note);
  CHECK(notes[0].message.find("timed with gettimeofday(), the calendar clock") !=
        std::string::npos);
  CHECK(rules::run_all_rules(t).notes.size() == 1);
  SUBCASE("a move below the materiality bar is still a note, not a warning") {
    trace::run_trace nudged = t;
    nudged.clocks.back().value_ns += 40 * us; // under 50 us and under 5% of 2.652 ms
    CHECK(rules::run_rules(nudged).empty());
    CHECK(rules::describe_intervals(nudged).size() == 1);
  }
  SUBCASE("a move under 10 ms is a note: it may be the tracer's own (a preempted read)") {
    trace::run_trace preempted = t;
    preempted.clocks.back().value_ns -= 5 * ms; // material for 2.652 ms, but under 10 ms
    CHECK(rules::run_rules(preempted).empty());
    CHECK(rules::describe_intervals(preempted).size() == 1);
  }
  SUBCASE("a monotonic clock gets neither") {
    CHECK(rules::describe_intervals(test::synthetic_trace("correct_device_sync_after_warmup"))
              .empty());
  }
  SUBCASE("a CPU-only interval on the calendar clock gets neither") {
    test::trace_builder b;
    b.clock(0, "A", 1, "realtime").clock(5 * ms, "B", 1, "realtime");
    CHECK(rules::run_rules(b.build()).empty());
    CHECK(rules::describe_intervals(b.build()).empty());
  }
}
