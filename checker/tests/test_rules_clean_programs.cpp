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
  const auto notes = rules::describe_intended_intervals(t);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].rule == "submission-only");
  CHECK(notes[0].level == rules::severity::note);
  CHECK(notes[0].message ==
        "this interval measures only the submission of work, 40.0 us; the work itself ran 2.63 "
        "ms on the GPU and finished 2.60 ms after the clock stopped");
}

TEST_CASE("unmarked intervals get no description") {
  for (const char* name : {"correct_device_sync_after_warmup", "unsynced_stop_no_sync"}) {
    CAPTURE(name);
    CHECK(rules::describe_intended_intervals(test::synthetic_trace(name)).empty());
  }
}
