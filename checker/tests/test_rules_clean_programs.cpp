// SPDX-License-Identifier: MIT
// Precision first: programs that time correctly get no finding at all, from any rule.
#include "test_rules_support.hpp"

#include "rules/registry.hpp"
#include "rules/run_rules.hpp"
#include "rules/timed_intervals.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;

TEST_CASE("correct programs get no finding in lint mode or in a lesson check") {
  const std::vector<std::string> names = test::synthetic_names("correct_");
  REQUIRE(names.size() >= 7);
  for (const std::string& name : names) {
    CAPTURE(name);
    const trace::run_trace t = test::synthetic_trace(name);
    CHECK_FALSE(rules::find_timed_intervals(t).empty()); // there was something to judge
    for (auto mode : {rules::rule_options::context::lint, rules::rule_options::context::lesson}) {
      rules::rule_options options;
      options.mode = mode;
      CHECK(test::rule_ids(rules::run_rules(t, options)).empty());
      for (const rules::rule_info& rule : rules::all_rules()) {
        if (rule.level == rules::severity::note)
          continue;
        CAPTURE(rule.id);
        CHECK(rules::run_rule(rule.id, t, options).empty());
      }
    }
  }
}

TEST_CASE("an interval marked as submission-only is described, not accused") {
  const trace::run_trace t = test::synthetic_trace("correct_submission_only_marked");
  CHECK(rules::run_rules(t).empty());
  const auto notes = rules::describe_intervals(t);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].rule == "submission-only");
  CHECK(notes[0].level == rules::severity::note);
  CHECK(notes[0].message ==
        "this interval measures only the submission of work, 40.0 us; the work itself ran 2.630 "
        "ms on the GPU and finished 2.605 ms after the clock stopped");
}

TEST_CASE("unmarked intervals get no description") {
  for (const char* name : {"correct_device_sync_after_warmup", "unsynced_stop_no_sync"}) {
    CAPTURE(name);
    CHECK(rules::describe_intervals(test::synthetic_trace(name)).empty());
  }
}

TEST_CASE("a marked submission-only interval followed by a synced one gets no finding") {
  // launch_overhead_marked.cu: A launches B(marked) sync C launches sync D. The gap B->C (queued
  // work, then a device sync) read as stale-queue before marked reads stopped opening intervals
  // and sandwiched pairs were dropped; unmarked, A->B is an unsynced stop.
  const auto program = [](bool marked) {
    test::trace_builder b;
    b.clock(0, "p+0x10<p+0x90").launch(10 * test::us, 20 * test::us, 2 * test::ms);
    b.clock(40 * test::us, "p+0x10<p+0x94", 1, "monotonic", marked);
    b.device_sync(50 * test::us, 2 * test::ms + 5 * test::us);
    b.clock(2 * test::ms + 10 * test::us, "p+0x10<p+0x98");
    b.launch(2 * test::ms + 20 * test::us, 2 * test::ms + 30 * test::us, 4 * test::ms);
    b.device_sync(2 * test::ms + 40 * test::us, 4 * test::ms + 5 * test::us);
    b.clock(4 * test::ms + 10 * test::us, "p+0x10<p+0x9c");
    return b.build();
  };
  CHECK(rules::run_rules(program(true)).empty());
  CHECK(rules::describe_intervals(program(true)).size() == 1);
  std::vector<std::string> unmarked = test::rule_ids(rules::run_rules(program(false)));
  std::sort(unmarked.begin(), unmarked.end());
  CHECK(unmarked == std::vector<std::string>{"unsynced-stop"});
}

TEST_CASE("a CPU timing, then setup, then a warm GPU timing: the gap is not judged") {
  // cpu_loop_vs_gpu.cu: c0 c1 around a CPU loop before any CUDA call, then cudaFree(0) (context
  // creation), warm-up and a sync, then g0 launches sync g1.
  test::trace_builder b;
  b.clock(0, "p+0x10<p+0x90").clock(20 * test::ms, "p+0x10<p+0x94");
  b.api("cudaFree", 21 * test::ms, 150 * test::ms);
  b.launch(151 * test::ms, 151 * test::ms + 10 * test::us, 152 * test::ms);
  b.device_sync(152 * test::ms, 152 * test::ms + 10 * test::us);
  b.clock(153 * test::ms, "p+0x10<p+0x98");
  b.launch(153 * test::ms + 10 * test::us, 153 * test::ms + 20 * test::us, 155 * test::ms);
  b.device_sync(153 * test::ms + 20 * test::us, 155 * test::ms + 5 * test::us);
  b.clock(155 * test::ms + 10 * test::us, "p+0x10<p+0x9c");
  trace::run_trace t = b.build();
  t.resources.push_back({"context_created", 100 * test::ms, 1});
  CHECK(rules::find_timed_intervals(t).size() == 2);
  CHECK(rules::run_rules(t).empty());
}
