// SPDX-License-Identifier: MIT
// Lesson mode: the rules on one call of a student's function (its window), and the facts only a
// lesson check has (the number the function returned). Also the new event-order rule in lint.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

namespace {

rules::rule_options lesson_call(trace::time_ns begin_ns, trace::time_ns end_ns, double reported_ms,
                                double truth_ms) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window = rules::call_window{begin_ns, end_ns, 1, reported_ms, truth_ms};
  return options;
}

// The checker's read, the student's drained, synchronized timing of 2.31 ms, the checker's read.
trace::run_trace synced_host_timing() {
  test::trace_builder b;
  b.clock(1 * ms, "check+0x10"); // call_timed's start (the window's begin)
  b.device_sync(1 * ms + 2 * us, 1 * ms + 5 * us);
  b.clock(1 * ms + 10 * us, "exercise+0x20"); // the student's start
  b.launch(1 * ms + 20 * us, 1 * ms + 30 * us, 3 * ms + 300 * us);
  b.device_sync(1 * ms + 25 * us, 3 * ms + 310 * us);
  b.clock(3 * ms + 320 * us, "exercise+0x30"); // the student's stop: 2.31 ms after the start
  b.clock(3 * ms + 330 * us, "check+0x40");    // call_timed's stop (the window's end)
  return b.build();
}

} // namespace

TEST_CASE("returned-value names a conversion that dropped the fraction, and only in a lesson") {
  const trace::run_trace t = synced_host_timing();
  SUBCASE("whole milliseconds") {
    const auto findings = rules::run_rules(t, lesson_call(1 * ms, 3 * ms + 330 * us, 2.0, 2.28));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("returned 2.000 (as milliseconds)") != std::string::npos);
    CHECK(findings[0].message.find("measured 2.310 ms") != std::string::npos);
    CHECK(findings[0].message.find("truncated or rounded away") != std::string::npos);
    CHECK(findings[0].interval.start_site == "exercise+0x20"); // the checker's reads left out
    CHECK(findings[0].interval.stop_site == "exercise+0x30");
  }
  SUBCASE("microseconds") {
    const auto findings = rules::run_rules(t, lesson_call(1 * ms, 3 * ms + 330 * us, 2310.0, 2.28));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("in microseconds") != std::string::npos);
  }
  SUBCASE("the number measured, returned: nothing to say") {
    CHECK(rules::run_rules(t, lesson_call(1 * ms, 3 * ms + 330 * us, 2.31, 2.28)).empty());
  }
  SUBCASE("lint has no returned number, and the timing itself is right") {
    CHECK(rules::run_rule("returned-value", t).empty());
  }
}

TEST_CASE("in a lesson, only the student's reads inside the call are paired") {
  // Without a window, the checker's reads around the call pair with the student's.
  const trace::run_trace t = synced_host_timing();
  const auto intervals =
      rules::run_all_rules(t, lesson_call(1 * ms, 3 * ms + 330 * us, 2.31, 2.28)).intervals;
  REQUIRE(intervals.size() == 1);
  CHECK(intervals[0].measured_ns == 2310 * us);
}

TEST_CASE("event-order: a stop recorded before the work leaves the work outside the events") {
  test::trace_builder b;
  b.clock(1 * ms, "check+0x10");
  trace::api_call& start = b.api("cudaEventRecord", 1 * ms + 10 * us, 1 * ms + 12 * us);
  start.event = 0xa;
  start.stream = 0;
  start.stream_id = 7;
  start.site = "exercise+0x20";
  trace::api_call& stop = b.api("cudaEventRecord", 1 * ms + 20 * us, 1 * ms + 22 * us);
  stop.event = 0xb;
  stop.stream = 0;
  stop.stream_id = 7;
  stop.site = "exercise+0x30";
  b.launch(1 * ms + 30 * us, 1 * ms + 40 * us, 3 * ms); // work(stream), after the stop
  trace::api_call& sync = b.api("cudaEventSynchronize", 1 * ms + 40 * us, 1 * ms + 45 * us);
  sync.event = 0xb;
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", 3 * ms + 10 * us, 3 * ms + 11 * us);
  elapsed.event = 0xa;
  elapsed.event_end = 0xb;
  elapsed.elapsed_ms = 0.008;
  b.clock(3 * ms + 20 * us, "check+0x40");
  const trace::run_trace t = b.build();
  SUBCASE("in a lesson") {
    const auto findings = rules::run_rules(t, lesson_call(1 * ms, 3 * ms + 20 * us, 0.008, 1.96));
    REQUIRE(test::rule_ids(findings) == strings{"event-order"});
    CHECK(findings[0].message.find("after the stop event was recorded") != std::string::npos);
    CHECK(findings[0].message.find("no work at all") != std::string::npos);
    CHECK(findings[0].blamed_site == "exercise+0x30");
    CHECK(findings[0].level == rules::severity::error);
  }
  SUBCASE("in lint: work launched between the stop's record and the elapsed-time call") {
    const auto findings = rules::run_rule("event-order", t);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].effect_ns == 1960 * us);
  }
}

TEST_CASE("event-order stays quiet when the events bracket the work") {
  test::trace_builder b;
  trace::api_call& start = b.api("cudaEventRecord", 1 * ms, 1 * ms + 2 * us);
  start.event = 0xa;
  start.stream = 0;
  start.stream_id = 7;
  b.launch(1 * ms + 10 * us, 1 * ms + 20 * us, 3 * ms);
  trace::api_call& stop = b.api("cudaEventRecord", 1 * ms + 20 * us, 1 * ms + 22 * us);
  stop.event = 0xb;
  stop.stream = 0;
  stop.stream_id = 7;
  b.launch(1 * ms + 30 * us, 3 * ms, 4 * ms); // the next work, not timed, before elapsed time
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", 5 * ms, 5 * ms + 1 * us);
  elapsed.event = 0xa;
  elapsed.event_end = 0xb;
  elapsed.elapsed_ms = 1.99;
  CHECK(rules::run_rule("event-order", b.build()).empty());
}

namespace {

// One call of a benchmark: a warm-up run, then two runs each between its own pair of events. The
// runs outside an interval are the same kernel as the run inside it: repetitions, not a mistake of
// order. The same events around a different kernel, with the work before them, are one.
trace::run_trace warm_up_then_two_timed_runs(const std::string& timed_kernel) {
  test::trace_builder b;
  b.clock(1 * ms, "check+0x10");
  b.launch(1 * ms + 5 * us, 1 * ms + 10 * us, 2 * ms); // the warm-up run, timed by nothing
  for (int run = 0; run < 2; ++run) {
    const trace::time_ns base = 3 * ms + run * 3 * ms;
    trace::api_call& start = b.api("cudaEventRecord", base, base + 2 * us);
    start.event = 0xa;
    start.stream_id = 7;
    start.site = "exercise+0x20";
    b.launch(base + 10 * us, base + 20 * us, base + 1 * ms);
    trace::api_call& stop = b.api("cudaEventRecord", base + 20 * us, base + 22 * us);
    stop.event = 0xb;
    stop.stream_id = 7;
    stop.site = "exercise+0x30";
    trace::api_call& sync = b.api("cudaEventSynchronize", base + 30 * us, base + 1 * ms);
    sync.event = 0xb;
    trace::api_call& elapsed = b.api("cudaEventElapsedTime", base + 1 * ms, base + 1 * ms + 1 * us);
    elapsed.event = 0xa;
    elapsed.event_end = 0xb;
    elapsed.elapsed_ms = 0.99;
  }
  b.clock(9 * ms, "check+0x40");
  trace::run_trace t = b.build();
  for (trace::gpu_activity& work : t.activity)
    work.name = "work_kernel";
  // The runs inside the events (the second and third launches) get the kernel named.
  for (std::size_t i = 1; i < t.activity.size(); ++i)
    t.activity[i].name = timed_kernel;
  return t;
}

} // namespace

TEST_CASE("event-order: work before events that bracket a run is not work left out") {
  const auto options = lesson_call(1 * ms, 9 * ms, 0.99, 0.99);
  CHECK(test::rule_ids(rules::run_rules(warm_up_then_two_timed_runs("work_kernel"), options))
            .empty());
  // Other work before events that bracket a run is the function's untimed preparation (a flush
  // of the L2 before each cold run): not work left out. A correct warm-and-cold timer of a
  // held-out submission was refuted by it (H100, 2026-12-07).
  CHECK(test::rule_ids(rules::run_rules(warm_up_then_two_timed_runs("fill_kernel"), options))
            .empty());
}

TEST_CASE("host-gap: host time outside any CUDA call while the GPU ran nothing") {
  test::trace_builder b;
  b.api("cudaMalloc", 100 * us, 200 * us); // set-up before the timing: not the process's start
  b.clock(1 * ms, "exercise+0x20");
  b.launch(1 * ms + 10 * us, 1 * ms + 20 * us, 2 * ms); // 0.98 ms of work
  trace::api_call& sync = b.api("cudaDeviceSynchronize", 9 * ms, 9 * ms + 5 * us);
  sync.site = "exercise+0x40"; // after an 8 ms sleep: 7 ms of it with the GPU idle
  b.clock(9 * ms + 10 * us, "exercise+0x50");
  const auto findings = rules::run_rules(b.build());
  REQUIRE(test::rule_ids(findings) == strings{"host-gap"});
  CHECK(findings[0].effect_ns == 7 * ms);
  CHECK(findings[0].blamed_site == "exercise+0x40");
  CHECK(findings[0].message.find("just before cudaDeviceSynchronize") != std::string::npos);
  SUBCASE("short stretches (a loop's own overhead) are not counted") {
    test::trace_builder loop;
    loop.api("cudaMalloc", 100 * us, 200 * us);
    loop.clock(1 * ms, "exercise+0x20");
    for (int i = 0; i < 100; ++i) // 100 launches 20 us apart: 15 us gaps, 1.5 ms in all
      loop.launch(1 * ms + i * 20 * us, 1 * ms + i * 20 * us + 10 * us,
                  1 * ms + i * 20 * us + 11 * us);
    loop.device_sync(3 * ms, 3 * ms + 5 * us);
    loop.clock(3 * ms + 10 * us, "exercise+0x50");
    CHECK(rules::run_rule("host-gap", loop.build()).empty());
  }
  SUBCASE("the tracer's own time after a call or a read is not the program's") {
    // A 0.3 ms product that ends 0.2 ms before the script's next call; the tracer spent 0.45 ms
    // after the launch returned (unwinding, writing its file), and 20 us after the start read.
    const auto product_then_stop = [](trace::time_ns tracer_ns) {
      test::trace_builder t;
      t.api("cudaMalloc", 100 * us, 200 * us);
      t.clock(1 * ms, "exercise+0x20");
      trace::api_call& launch = t.api("cudaLaunchKernel", 1 * ms + 10 * us, 1 * ms + 15 * us);
      launch.stream_id = 7;
      launch.tracer_until_ns = tracer_ns == 0 ? 0 : launch.end_ns + tracer_ns;
      t.activity(1 * ms + 20 * us, 1 * ms + 320 * us, launch.correlation);
      trace::api_call& sync = t.api("cudaDeviceSynchronize", 1 * ms + 520 * us, 1 * ms + 525 * us);
      sync.site = "exercise+0x40";
      t.clock(1 * ms + 530 * us, "exercise+0x50");
      trace::run_trace built = t.build();
      built.clocks.front().tracer_until_ns = tracer_ns == 0 ? 0 : 1 * ms + 20 * us;
      return built;
    };
    CHECK(test::rule_ids(rules::run_rule("host-gap", product_then_stop(0))) == strings{"host-gap"});
    CHECK(rules::run_rule("host-gap", product_then_stop(450 * us)).empty());
  }
}

// The same code timed 20 times: a gap in every timing is the code's; a gap in one of them is not
// (the host was taken away), and the trace cannot say the code spent it.
trace::run_trace timed_twenty_times(int timings_with_a_gap) {
  test::trace_builder b;
  b.api("cudaMalloc", 100 * us, 200 * us);
  for (int i = 0; i < 20; ++i) {
    const trace::time_ns base = 1 * ms + i * 10 * ms;
    b.clock(base, "exercise+0x20");
    b.launch(base + 10 * us, base + 20 * us, base + 1 * ms); // 0.99 ms of work
    const trace::time_ns sync_at = base + (i < timings_with_a_gap ? 4 * ms : 1 * ms + 20 * us);
    trace::api_call& sync = b.api("cudaDeviceSynchronize", sync_at, sync_at + 5 * us);
    sync.site = "exercise+0x40";
    b.clock(sync_at + 10 * us, "exercise+0x50");
  }
  return b.build();
}

TEST_CASE("host-gap: a gap in a few of many timings of the same code is not reported") {
  CHECK(rules::run_rule("host-gap", timed_twenty_times(1)).empty());
  const auto every = rules::run_rules(timed_twenty_times(20));
  REQUIRE(test::rule_ids(every) == strings{"host-gap"});
  CHECK(every[0].occurrences == 20);
  CHECK(test::rule_ids(rules::run_rules(timed_twenty_times(5))) == strings{"host-gap"});
}

// One timing of a loop of 200 launches, 20 us apart, each running 10 us on the GPU; in
// `stretches` of the iterations the host was away `stretch` before the launch.
trace::run_trace launch_loop(int stretches, trace::time_ns stretch) {
  test::trace_builder b;
  b.api("cudaMalloc", 100 * us, 200 * us);
  b.clock(1 * ms, "exercise+0x20");
  const int period = 200 / stretches;
  trace::time_ns t = 1 * ms + 10 * us;
  for (int i = 0; i < 200; ++i) {
    if (i % period == period / 2)
      t += stretch;
    trace::api_call& call = b.api("cudaLaunchKernel", t, t + 5 * us);
    call.site = "exercise+0x30";
    call.stream_id = 7;
    b.activity(t + 6 * us, t + 16 * us, call.correlation);
    t += 20 * us;
  }
  b.device_sync(t, t + 5 * us);
  b.clock(t + 10 * us, "exercise+0x50");
  return b.build();
}

TEST_CASE("host-gap: a stretch between two launches of a loop that the loop's other launches "
          "never show is not the code's") {
  CHECK(rules::run_rule("host-gap", launch_loop(1, 3 * ms)).empty());
  const auto often = rules::run_rule("host-gap", launch_loop(40, 200 * us));
  REQUIRE(test::rule_ids(often) == strings{"host-gap"});
  CHECK(often[0].effect_ns >= 40 * 180 * us);
}

TEST_CASE("host-gap: events around host work that left the GPU idle between them") {
  test::trace_builder b;
  b.api("cudaMalloc", 100 * us, 200 * us);
  trace::api_call& start = b.api("cudaEventRecord", 1 * ms, 1 * ms + 2 * us);
  start.event = 0xa;
  start.stream = 0;
  start.stream_id = 7;
  b.launch(1 * ms + 10 * us, 1 * ms + 20 * us, 2 * ms); // then 5 ms of host work, no CUDA call
  b.launch(7 * ms, 7 * ms + 10 * us, 8 * ms);
  trace::api_call& stop = b.api("cudaEventRecord", 7 * ms + 20 * us, 7 * ms + 22 * us);
  stop.event = 0xb;
  stop.stream = 0;
  stop.stream_id = 7;
  trace::api_call& elapsed = b.api("cudaEventElapsedTime", 9 * ms, 9 * ms + 1 * us);
  elapsed.event = 0xa;
  elapsed.event_end = 0xb;
  elapsed.elapsed_ms = 7.0;
  trace::run_trace t = b.build();
  SUBCASE("with the events' completions in the trace") {
    t.event_times.push_back({0xa, 1 * ms + 5 * us, start.correlation});
    t.event_times.push_back({0xb, 8 * ms, stop.correlation});
    const auto findings = rules::run_rules(t);
    REQUIRE(test::rule_ids(findings) == strings{"host-gap"});
    CHECK(findings[0].effect_ns == 5 * ms); // from the first kernel's end to the next launch
  }
  SUBCASE("without them, not judged") {
    CHECK(rules::run_rule("host-gap", t).empty());
  }
}

TEST_CASE("a series of timed calls in one window: each interval judged on its own") {
  // A class's submission: the first call timed inline with its stop read before the synchronize,
  // then calls timed by gpucourse::time_call. The checker's known work reads no clock the trace
  // sees (untraced_clock), so the reads are the student's alone: a b | s1 e1 | s2 e2.
  test::trace_builder b;
  b.clock(1 * ms, "check.cu:70"); // call_timed's start (the window's begin)
  b.clock(1 * ms + 10 * us, "exercise.cu:24");
  b.launch(1 * ms + 20 * us, 1 * ms + 30 * us, 26 * ms);
  b.clock(1 * ms + 40 * us, "exercise.cu:26"); // the stop, while the work runs
  b.device_sync(1 * ms + 45 * us, 26 * ms + 10 * us);
  for (const trace::time_ns start : {26 * ms + 20 * us, 30 * ms + 530 * us}) {
    b.clock(start, "time_call.cuh:23");
    b.launch(start + 10 * us, start + 20 * us, start + 3 * ms);
    b.device_sync(start + 15 * us, start + 3 * ms + 10 * us);
    b.clock(start + 3 * ms + 20 * us, "time_call.cuh:26");
  }
  b.clock(34 * ms, "check.cu:71"); // call_timed's stop (the window's end)
  const trace::run_trace t = b.build();
  const rules::rule_results results =
      rules::run_all_rules(t, lesson_call(1 * ms, 34 * ms, std::nan(""), 25.0));
  REQUIRE(results.intervals.size() == 3); // the gaps b -> s1 and e1 -> s2 are no timings
  CHECK(results.intervals[0].start_site == "exercise.cu:24");
  CHECK(results.intervals[0].stop_site == "exercise.cu:26");
  CHECK(results.intervals[1].start_site == "time_call.cuh:23");
  REQUIRE_FALSE(results.findings.empty());
  CHECK(results.findings[0].rule == "unsynced-stop");
  CHECK(results.findings[0].interval.start_site == "exercise.cu:24");
  CHECK(test::rule_ids(results.findings) == strings{"unsynced-stop"}); // no stale-queue
}
