// SPDX-License-Identifier: MIT
// Lesson 08's do_bench_cudagraph (judgement/graph_run_judgement.hpp) on simulated trials: a graph
// of 800 calls of a 2 us spin kernel, its kernels stamping 2.4 ms from the first start to the last
// end (3 us a run), and what each way of getting it wrong reports and calls.
#include "judgement/graph_run_judgement.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string section = "lessons/08-launch-overhead/lesson.md#timing-short-kernels";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A right graph of 800 calls, all captured, whose launch stamped 2.4 ms; the student's number.
graph_run_trial trial_reporting(double reported_ms) {
  graph_run_trial t;
  t.runs = 800;
  t.captured_calls = 800;
  t.span_ms = 2.4;
  t.call.reported_ms = reported_ms;
  t.call.begin_ns = 1'000'000;
  t.call.end_ns = 9'000'000;
  return t;
}

} // namespace

TEST_CASE("a timed launch divided by its runs is accurate, from the span up to what surrounds it") {
  CHECK(judge_graph_run(trial_reporting(0.003)) == graph_run_verdict::accurate);
  // The events enclose the span: 5% below it (two clocks' rates), 15% above it.
  CHECK(judge_graph_run(trial_reporting(2.4 * 0.96 / 800)) == graph_run_verdict::accurate);
  CHECK(judge_graph_run(trial_reporting(2.4 * 1.14 / 800)) == graph_run_verdict::accurate);
  // A short graph has 50 us of slack: a launch call and a wake-up between the events.
  graph_run_trial small = trial_reporting((0.1 + 0.045) / 400);
  small.runs = small.captured_calls = 400;
  small.span_ms = 0.1;
  CHECK(judge_graph_run(small) == graph_run_verdict::accurate);
  const check_outcome outcome = graph_run_outcome({trial_reporting(0.003)}, section, 0);
  CHECK(outcome.passed);
  CHECK(contains(outcome.expected, "3.0 us"));
}

TEST_CASE("calls launched one by one are named, whatever the number, on any GPU") {
  // The starter: a loop of launches timed once, divided by the runs (5.9 us a launch call).
  graph_run_trial loop = trial_reporting(0.0059);
  loop.captured_calls = 0;
  loop.direct_calls = 800;
  loop.span_ms = 4.7;
  CHECK(judge_graph_run(loop) == graph_run_verdict::launched_one_by_one);
  // A number that happens to lie in the band does not save it.
  loop.call.reported_ms = 4.7 / 800;
  CHECK(judge_graph_run(loop) == graph_run_verdict::launched_one_by_one);
  const check_outcome outcome = graph_run_outcome({loop}, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "800 calls of work(stream) were on a stream that was not"));
  CHECK(outcome.states_what_was_seen);
  CHECK(outcome.call.begin_ns == 0); // no graph's interval for the trace to read
}

TEST_CASE("a warm-up call outside the capture is named apart from a loop of launches") {
  // Triton's do_bench_cudagraph calls the work once before it captures; the contract does not.
  graph_run_trial warm = trial_reporting(0.003);
  warm.direct_calls = 1;
  CHECK(judge_graph_run(warm) == graph_run_verdict::ran_outside);
  const check_outcome outcome = graph_run_outcome({warm}, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "ran 1 more"));
  CHECK(outcome.states_what_was_seen);
}

TEST_CASE("a graph of one call replayed many times is a graph of fewer calls") {
  graph_run_trial one = trial_reporting(0.0045); // a graph launch's cost per run
  one.captured_calls = 1;
  CHECK(judge_graph_run(one) == graph_run_verdict::fewer_calls);
  const check_outcome outcome = graph_run_outcome({trial_reporting(0.003), one}, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "holds 1 of work's runs where 800 were asked"));
  CHECK(outcome.states_what_was_seen);
  // A warm-up call in the capture is one too many, as certain.
  graph_run_trial more = trial_reporting(0.003);
  more.captured_calls = 801;
  CHECK(judge_graph_run(more) == graph_run_verdict::fewer_calls);
  const check_outcome too_many = graph_run_outcome({more}, section, 1);
  CHECK_FALSE(too_many.passed);
  CHECK_FALSE(too_many.noise_could_explain);
  CHECK_FALSE(contains(too_many.message, "pays a launch call"));
  CHECK(contains(too_many.message, "holds 801 calls of work where 800 were asked"));
}

TEST_CASE("a graph never launched, and a number that is no time, are facts") {
  graph_run_trial idle = trial_reporting(0.0);
  idle.span_ms = 0;
  CHECK(judge_graph_run(idle) == graph_run_verdict::never_ran);
  CHECK(judge_graph_run(trial_reporting(0.0)) == graph_run_verdict::not_a_number);
  CHECK(judge_graph_run(trial_reporting(-0.003)) == graph_run_verdict::not_a_number);
  CHECK(judge_graph_run(trial_reporting(std::numeric_limits<double>::quiet_NaN())) ==
        graph_run_verdict::not_a_number);
  CHECK_FALSE(graph_run_outcome({idle}, section, 1).noise_could_explain);
  CHECK(graph_run_outcome({idle}, section, 1).states_what_was_seen);
  CHECK(graph_run_outcome({trial_reporting(0.0)}, section, 1).states_what_was_seen);
}

TEST_CASE("a number shorter than the kernels it should enclose is certain") {
  // A host clock around the launch with no wait: the launch call alone, 3 us for all the runs.
  const graph_run_trial no_wait = trial_reporting(0.003 / 800);
  CHECK(judge_graph_run(no_wait) == graph_run_verdict::shorter);
  // Below the span by more than 5%; a short graph by more than two ticks.
  CHECK(judge_graph_run(trial_reporting(2.4 * 0.94 / 800)) == graph_run_verdict::shorter);
  graph_run_trial small = trial_reporting((0.02 - 0.003) / 400);
  small.runs = small.captured_calls = 400;
  small.span_ms = 0.02;
  CHECK(judge_graph_run(small) == graph_run_verdict::shorter);
  const check_outcome outcome = graph_run_outcome({no_wait}, section, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(outcome.call.per_run);
  CHECK(outcome.call.truth_ms == doctest::Approx(0.003));
  CHECK_FALSE(outcome.states_what_was_seen);
}

TEST_CASE("one run in another unit is that slip, certain, where every wrong trial shows it") {
  graph_run_trial in_us = trial_reporting(0.003 * 1e3);
  in_us.runs = in_us.captured_calls = 500; // not near 1000, where microseconds read as the span
  in_us.span_ms = 0.003 * 500;
  CHECK(judge_graph_run(in_us) == graph_run_verdict::in_another_unit);
  const check_outcome us = graph_run_outcome({in_us, in_us, in_us}, section, 1);
  CHECK_FALSE(us.passed);
  CHECK_FALSE(us.noise_could_explain);
  CHECK(us.slip == "times-1000");
  const check_outcome s =
      graph_run_outcome({trial_reporting(0.003 / 1e3), trial_reporting(0.0031 / 1e3)}, section, 1);
  CHECK(s.slip == "over-1000");
  SUBCASE(
      "microseconds where runs is near 1000 read as a launch not divided; another trial tells") {
    graph_run_trial near_1000 = trial_reporting(0.003 * 1e3);
    near_1000.runs = near_1000.captured_calls = 950;
    near_1000.span_ms = 0.003 * 950;
    CHECK(judge_graph_run(near_1000) == graph_run_verdict::whole_launch);
    CHECK(graph_run_outcome({near_1000, in_us}, section, 1).slip == "times-1000");
    // A launch truly not divided is one in every trial, whatever its runs.
    graph_run_trial whole_500 = trial_reporting(0.003 * 500);
    whole_500.runs = whole_500.captured_calls = 500;
    whole_500.span_ms = 0.003 * 500;
    graph_run_trial whole_950 = near_1000;
    whole_950.call.reported_ms = 0.003 * 950;
    const check_outcome whole = graph_run_outcome({whole_950, whole_500}, section, 1);
    CHECK(whole.slip.empty());
    CHECK(contains(whole.message, "runs"));
  }
  SUBCASE("a launch's few microseconds on a thousandth of one graph, not of the next: shorter") {
    const graph_run_trial by_chance = trial_reporting(0.0024 / 800); // 2.4 us in all: span/1000
    CHECK(judge_graph_run(by_chance) == graph_run_verdict::in_another_unit);
    const check_outcome no_wait =
        graph_run_outcome({by_chance, trial_reporting(0.004 / 800)}, section, 1);
    CHECK(no_wait.slip.empty());
    CHECK_FALSE(no_wait.noise_could_explain);
    CHECK(contains(no_wait.message, "did not enclose them")); // told shorter, as before
  }
}

TEST_CASE("the launch's time not divided by its runs is named") {
  const graph_run_trial whole = trial_reporting(2.45);
  CHECK(judge_graph_run(whole) == graph_run_verdict::whole_launch);
  const check_outcome outcome = graph_run_outcome({whole}, section, 1);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "all 800 runs"));
  CHECK_FALSE(outcome.states_what_was_seen);
}

TEST_CASE("a number too long may be a neighbour's, and a miss or two of three is let go") {
  // The first launch (the upload) or a neighbour's kernel between the start event and the graph.
  const graph_run_trial longer = trial_reporting(2.4 * 1.3 / 800);
  CHECK(judge_graph_run(longer) == graph_run_verdict::longer);
  const check_outcome one_miss =
      graph_run_outcome({trial_reporting(0.003), longer, trial_reporting(0.003)}, section, 1);
  CHECK(one_miss.passed);
  const check_outcome two_misses =
      graph_run_outcome({longer, longer, trial_reporting(0.003)}, section, 1);
  CHECK_FALSE(two_misses.passed);
  CHECK(two_misses.noise_could_explain);
  CHECK(two_misses.says_only_how_far_off);
  CHECK_FALSE(two_misses.states_what_was_seen);
  CHECK(contains(two_misses.message, "0.720 ms more"));
  // A miss let go never hides a fact in another trial.
  graph_run_trial shorter = trial_reporting(0.003 / 800);
  CHECK_FALSE(graph_run_outcome({trial_reporting(0.003), shorter}, section, 1).passed);
}
