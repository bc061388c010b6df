// SPDX-License-Identifier: MIT
// returned-value on a number that is one run's time (call_window::per_run, a benchmark's median of
// samples): the trace shows how many runs lie between the two events, and the number times its
// divisor is the interval exactly. A divisor one away from those runs is named, with the numbers;
// the right divisor, and a number that no interval divides into exactly (noise, a mean), are not.
#include "test_rules_support.hpp"

#include "messages/messages.hpp"
#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

namespace {

constexpr trace::handle stream = 0x5;
constexpr std::uint32_t stream_id = 9;
constexpr trace::time_ns window_begin = 1 * ms, window_end = 1000 * ms;

struct sample_builder {
  test::trace_builder b;
  trace::handle next_event = 0xa0;
  trace::time_ns now_ns = window_begin + 10 * us; // host time
  trace::time_ns gpu_ns = window_begin + 20 * us; // GPU time

  trace::handle record(const char* site) {
    trace::api_call& call = b.api("cudaEventRecord", now_ns, now_ns + 2 * us);
    call.event = ++next_event;
    call.stream = stream;
    call.stream_id = stream_id;
    call.site = site;
    now_ns += 3 * us;
    return next_event;
  }
  // One call that queues `kernels` (a kernel launch, or a graph launch of several), each 1 ms/size.
  void launch(const char* api, const strings& kernels) {
    trace::api_call& call = b.api(api, now_ns, now_ns + 4 * us);
    call.stream = stream;
    call.stream_id = stream_id;
    const std::uint32_t correlation = call.correlation;
    now_ns += 5 * us;
    const trace::time_ns each_ns = 1 * ms / static_cast<trace::time_ns>(kernels.size());
    for (const std::string& name : kernels) {
      b.activity(gpu_ns, gpu_ns + each_ns, correlation, stream_id).name = name;
      gpu_ns += each_ns;
    }
  }
  // A sample: the start event, `runs` runs of `one_run` (launched with `api`), the stop event, a
  // wait for it and cudaEventElapsedTime, which gives `elapsed_ms`.
  void sample(int runs, double elapsed_ms, const strings& one_run = {"work"},
              const char* api = "cudaLaunchKernel", bool flush_first = false) {
    const trace::handle start = record("exercise+0x10");
    if (flush_first)
      launch("cudaLaunchKernel", {"flush_l2"});
    for (int i = 0; i < runs; ++i) {
      if (std::string(api) == "cudaGraphLaunch") {
        launch(api, one_run);
      } else {
        for (const std::string& kernel : one_run)
          launch(api, {kernel});
      }
    }
    const trace::handle stop = record("exercise+0x20");
    trace::api_call& wait = b.api("cudaEventSynchronize", now_ns, gpu_ns + 10 * us);
    wait.event = stop;
    now_ns = gpu_ns + 20 * us;
    trace::api_call& elapsed = b.api("cudaEventElapsedTime", now_ns, now_ns + 1 * us);
    elapsed.event = start;
    elapsed.event_end = stop;
    elapsed.elapsed_ms = elapsed_ms;
    elapsed.site = "exercise+0x40";
    now_ns += 10 * us;
    gpu_ns = now_ns + 10 * us;
  }
  trace::run_trace build() {
    b.create_non_blocking_stream(100 * us, stream, stream_id);
    return b.build();
  }
};

// A lesson's call whose number is one run's time of work that lasts 1 ms a run.
rules::rule_options per_run_call(double reported_ms) {
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  options.window = rules::call_window{window_begin, window_end, 1, reported_ms, 1.0};
  options.window->per_run = true;
  options.min_effect_fraction = 0.02; // the lesson diagnosis's (analysis/lesson_diagnosis.cpp)
  return options;
}

// A float, as cudaEventElapsedTime writes it.
double as_float(double ms) {
  return static_cast<double>(static_cast<float>(ms));
}

} // namespace

TEST_CASE("a per-run number is held to the interval over the runs the trace shows in it") {
  messages::set_language(messages::language::english);
  const double four_ms = as_float(4.0131); // four runs of 1 ms, and the events' own cost
  const double five_ms = as_float(5.0129);

  SUBCASE("right: the interval over its 4 runs, so nothing is said") {
    sample_builder s;
    s.sample(4, four_ms);
    CHECK(rules::run_rules(s.build(), per_run_call(four_ms / 4)).empty());
  }
  SUBCASE("divided by 5, the interval holding 4 runs: one run fewer than divided by") {
    sample_builder s;
    s.sample(4, four_ms);
    const auto findings = rules::run_rules(s.build(), per_run_call(four_ms / 5));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CAPTURE(findings[0].message);
    CHECK(findings[0].message.find("divided by 5") != std::string::npos);
    CHECK(findings[0].message.find("only 4 runs") != std::string::npos);
    CHECK(findings[0].message.find("one run fewer than it divided by") != std::string::npos);
    CHECK(findings[0].blamed_site == "exercise+0x40"); // the cudaEventElapsedTime
  }
  SUBCASE("divided by 4, the interval holding 5 runs: one run more than divided by") {
    sample_builder s;
    s.sample(5, five_ms);
    const auto findings = rules::run_rules(s.build(), per_run_call(five_ms / 4));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CAPTURE(findings[0].message);
    CHECK(findings[0].message.find("held 5 runs") != std::string::npos);
    CHECK(findings[0].message.find("one run more than it divided by") != std::string::npos);
  }
  SUBCASE("two runs timed and not divided: the interval is the number, and one run more") {
    const double two_ms = as_float(2.0131);
    sample_builder s;
    s.sample(2, two_ms);
    const auto findings = rules::run_rules(s.build(), per_run_call(two_ms));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("divided by 1") != std::string::npos);
    CHECK(findings[0].message.find("one run more than it divided by") != std::string::npos);
  }
  SUBCASE("one run timed and not divided: right") {
    const double one_ms = as_float(1.0131);
    sample_builder s;
    s.sample(1, one_ms);
    CHECK(rules::run_rules(s.build(), per_run_call(one_ms)).empty());
  }
  SUBCASE("divided in float: the quotient is still exact to float's precision") {
    sample_builder s;
    s.sample(4, four_ms);
    const double in_float = static_cast<float>(four_ms) / 5.0f;
    CHECK(test::rule_ids(rules::run_rules(s.build(), per_run_call(in_float))) ==
          strings{"returned-value"});
  }
  SUBCASE("noise: near the interval over 5, but not it, is not named") {
    sample_builder s;
    s.sample(4, four_ms);
    CHECK(rules::run_rules(s.build(), per_run_call(four_ms / 5 * (1 + 1e-4))).empty());
    CHECK(rules::run_rules(s.build(), per_run_call(four_ms / 4 * 1.03)).empty());
  }
  SUBCASE("one sample right and another one away: the right one is the number") {
    sample_builder s;
    s.sample(4, four_ms);
    s.sample(4, four_ms * 5 / 4); // a slow sample that is exactly 5 of the number
    CHECK(rules::run_rules(s.build(), per_run_call(four_ms / 4)).empty());
  }
  SUBCASE("a run off by one in 200 is not what failed a check: not named") {
    sample_builder s;
    s.sample(200, 200.4);
    CHECK(rules::run_rules(s.build(), per_run_call(200.4 / 201)).empty());
  }
}

TEST_CASE("the runs in an interval are the fewest times a launch repeats in it") {
  messages::set_language(messages::language::english);
  const double four_ms = as_float(4.0131);
  SUBCASE("two kernels a run: 8 launches are 4 runs") {
    sample_builder s;
    s.sample(4, four_ms, {"scale", "add"});
    const auto findings = rules::run_rules(s.build(), per_run_call(four_ms / 5));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("only 4 runs") != std::string::npos);
    CHECK(rules::run_rules(s.build(), per_run_call(four_ms / 4)).empty());
  }
  SUBCASE("a launch made once (an L2 flush before the loop) is no run") {
    const double two_ms = as_float(2.0131);
    sample_builder s;
    s.sample(2, two_ms, {"work"}, "cudaLaunchKernel", true);
    CHECK(rules::run_rules(s.build(), per_run_call(two_ms / 2)).empty()); // right: 2 runs
    const auto findings = rules::run_rules(s.build(), per_run_call(two_ms / 3));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("only 2 runs") != std::string::npos);
  }
  SUBCASE("a graph launch is one run, whatever it holds") {
    sample_builder s;
    s.sample(4, four_ms, {"step", "step", "step"}, "cudaGraphLaunch");
    const auto findings = rules::run_rules(s.build(), per_run_call(four_ms / 3));
    REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
    CHECK(findings[0].message.find("held 4 runs") != std::string::npos);
  }
}

TEST_CASE("a number not per run keeps returned-value's reading against the interval alone") {
  messages::set_language(messages::language::english);
  sample_builder s;
  s.sample(4, 4.0131);
  rules::rule_options options = per_run_call(4.0131 / 4);
  options.window->per_run = false;
  const auto findings = rules::run_rules(s.build(), options);
  REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
  CHECK(findings[0].message.find("not the one measured") != std::string::npos);
}

TEST_CASE("a host clock's interval over its runs is held the same way, to the nanosecond") {
  messages::set_language(messages::language::english);
  test::trace_builder b;
  const trace::time_ns start_ns = window_begin + 10 * us;
  b.clock(start_ns, "exercise+0x10");
  for (int i = 0; i < 3; ++i)
    b.launch(start_ns + (5 + 5 * i) * us, start_ns + 30 * us + i * ms,
             start_ns + 30 * us + (i + 1) * ms);
  b.device_sync(start_ns + 25 * us, start_ns + 3 * ms + 40 * us);
  const trace::time_ns stop_ns = start_ns + 3 * ms + 45 * us;
  b.clock(stop_ns, "exercise+0x30");
  const trace::run_trace run = b.build();
  const double measured_ms = static_cast<double>(stop_ns - start_ns) * 1e-6;
  CHECK(rules::run_rules(run, per_run_call(measured_ms / 3)).empty());
  const auto findings = rules::run_rules(run, per_run_call(measured_ms / 2));
  REQUIRE(test::rule_ids(findings) == strings{"returned-value"});
  CHECK(findings[0].message.find("your clock reads measured") != std::string::npos);
  CHECK(findings[0].message.find("held 3 runs") != std::string::npos);
  CHECK(findings[0].blamed_site == "exercise+0x30"); // the stop read
}
