// SPDX-License-Identifier: MIT
// The rules about event timing: event-stream-mismatch, event-not-complete, event-timing-disabled.
#include "test_rules_support.hpp"

#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

using namespace gpucheck;
using test::ms;
using test::us;
using strings = std::vector<std::string>;

TEST_CASE("event-stream-mismatch fires for legacy-stream events around non-blocking work") {
  const auto findings =
      rules::run_rules(test::synthetic_trace("event_stream_mismatch_non_blocking"));
  REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
  const rules::finding& f = findings[0];
  CHECK(f.level == rules::severity::error);
  CHECK(f.effect_ns == 2626 * us);
  CHECK(f.message == "you measured 4.0 us, but the events were recorded on the legacy default "
                     "stream and the work between them ran on a cudaStreamNonBlocking stream "
                     "(0x5550001000), which is not ordered with it; that work ran 2.630 ms on "
                     "the GPU");
  CHECK(f.hint.find("cudaStreamNonBlocking") != std::string::npos);
}

TEST_CASE("a fork and join with cudaStreamWaitEvent orders the work between the events") {
  // The work on another non-blocking stream started 600 us after the start event (a busy GPU):
  // 3.245 ms measured against 2.630 ms of work, a material difference that is the work's wait.
  CHECK(rules::run_rules(test::synthetic_trace("correct_fork_join_events")).empty());

  SUBCASE("without the join, the stop is not ordered after the work") {
    const auto findings =
        rules::run_rules(test::synthetic_trace("event_stream_mismatch_fork_without_join"));
    REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
    CHECK(findings[0].message.find("cudaStreamNonBlocking stream (0x5550002000)") !=
          std::string::npos);
  }
}

TEST_CASE("stream waits are followed over any number of streams") {
  // The work runs on a third stream, reached from the start's stream through a second and joined
  // back the same way: two hops each way.
  CHECK(rules::run_rules(test::synthetic_trace("correct_chain_of_three_streams")).empty());

  SUBCASE("a chain whose last hop back is missing does not order the stop after the work") {
    const auto findings =
        rules::run_rules(test::synthetic_trace("event_stream_mismatch_chain_never_joined"));
    REQUIRE(test::rule_ids(findings) == strings{"event-stream-mismatch"});
    CHECK(findings[0].message.find("(0x5550003000)") != std::string::npos);
  }
}

TEST_CASE("events on the legacy stream bracket work on an ordinary stream") {
  CHECK(rules::run_rules(test::synthetic_trace("correct_legacy_events_around_blocking_stream"))
            .empty());
}

TEST_CASE("event-not-complete fires when elapsed time is asked for too early") {
  const trace::run_trace t = test::synthetic_trace("event_not_complete");
  const auto findings = rules::run_rules(t);
  REQUIRE(test::rule_ids(findings) == strings{"event-not-complete"});
  const rules::finding& f = findings[0];
  CHECK(f.effect_ns == 2630 * us);
  CHECK(f.message == "cudaEventElapsedTime was called 2.630 ms before the stop event completed, "
                     "so it returned cudaErrorNotReady and the program got no time (the work "
                     "between the events ran 2.630 ms)");
  SUBCASE("a program that polls until the time is ready is fine") {
    trace::run_trace polled = t;
    trace::api_call retry = polled.api.back();
    for (const trace::api_call& call : t.api) {
      if (call.name == "cudaEventElapsedTime")
        retry = call;
    }
    retry.start_ns += 3 * ms;
    retry.end_ns += 3 * ms;
    retry.result = 0;
    retry.elapsed_ms = 2.63;
    retry.correlation = 9999;
    polled.api.push_back(retry);
    trace::sort_by_time(polled);
    CHECK(rules::run_rule("event-not-complete", polled).empty());
  }
}

TEST_CASE("event-timing-disabled fires on events created with cudaEventDisableTiming") {
  const auto findings = rules::run_rules(test::synthetic_trace("event_timing_disabled"));
  REQUIRE(test::rule_ids(findings) == strings{"event-timing-disabled"});
  CHECK(findings[0].message == "cudaEventElapsedTime failed (error 400) because both events were "
                               "created with cudaEventDisableTiming; the program got no time");
}
