// SPDX-License-Identifier: MIT
// Lesson 08's checks told from their numbers (judgement/launch_outcome.hpp): where the bytes
// differ, the speed checks' verdicts and whys, and the loop timing's outcome.
#include "judgement/launch_outcome.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const std::string lesson = "lessons/08-launch-overhead/lesson.md";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

loop_trial loop_call(double reported_ms, int work_runs = 200) {
  loop_trial trial;
  trial.judged.reported_ms = reported_ms;
  trial.judged.truth_ms = 2.1;
  trial.judged.iterations = 200;
  trial.judged.launch_ms = 0.003;
  trial.call.reported_ms = reported_ms;
  trial.call.begin_ns = 1'000'000;
  trial.call.end_ns = 4'000'000;
  trial.work_runs = work_runs;
  return trial;
}

} // namespace

TEST_CASE("the first differing integer is found, and said in hex, untouched or not") {
  const std::vector<unsigned> start{1, 2, 3, 4};
  const std::vector<unsigned> expected{10, 20, 30, 40};
  CHECK(first_difference(expected, expected) == -1);
  const std::vector<unsigned> got{10, 20, 3, 41};
  CHECK(first_difference(expected, got) == 2);
  const difference d = describe(2, expected, got, start);
  CHECK(d.index == "2");
  CHECK(d.expected == "0x0000001e");
  CHECK(d.got == "0x00000003");
  CHECK(d.untouched);
  CHECK_FALSE(describe(3, expected, got, start).untouched);

  check_outcome untouched;
  fail_batched_bytes(untouched, 2, expected, got, start, 4);
  check_outcome wrong;
  fail_batched_bytes(wrong, 3, expected, got, start, 4);
  CHECK_FALSE(wrong.passed);
  CHECK(untouched.message != wrong.message);
  CHECK(contains(wrong.message, "0x00000029"));
  CHECK(untouched.states_what_was_seen);
  CHECK(wrong.states_what_was_seen);

  // An untouched integer with touched ones after it is no left-out tail, wherever it lies ...
  std::vector<unsigned> big_start(4000, 7), big_expected(4000, 9);
  for (const int index : {100, 3950}) {
    std::vector<unsigned> inside = big_expected;
    inside[index] = 7;
    check_outcome not_tail;
    fail_batched_bytes(not_tail, index, big_expected, inside, big_start, 4000);
    CHECK_FALSE(contains(not_tail.message, "not a multiple of a block"));
    CHECK(contains(not_tail.message, "No thread was given integer " + std::to_string(index)));
  }
  // ... and every integer from one on to the end untouched is one, whatever the block size.
  for (const int first : {3840, 3968, 3584}) { // blocks of 256, 128 and 512
    std::vector<unsigned> tail = big_expected;
    std::fill(tail.begin() + first, tail.end(), 7u);
    check_outcome in_tail;
    fail_batched_bytes(in_tail, first, big_expected, tail, big_start, 4000);
    CHECK(contains(in_tail.message, "4000 integers, not a multiple of a block"));
  }

  check_outcome first_run, second_run;
  fail_graph_bytes(first_run, 1, 3, expected, got, start);
  fail_graph_bytes(second_run, 2, 3, expected, got, start);
  CHECK(first_run.hint != second_run.hint); // a second replay that differs: state left behind
  CHECK(first_run.states_what_was_seen);
  CHECK(second_run.states_what_was_seen);
}

TEST_CASE("the batched kernel passes at half the naive loop's GPU time") {
  const both_times naive{10.0, 8.0};
  CHECK(batched_speed_outcome(naive, {5.0, 0.1}, 0.5, 1000, lesson).passed);
  const check_outcome near = batched_speed_outcome(naive, {6.0, 0.1}, 0.5, 1000, lesson);
  CHECK_FALSE(near.passed);
  CHECK(near.noise_could_explain); // within 1.25 times the bar
  const check_outcome slow = batched_speed_outcome(naive, {9.5, 0.1}, 0.5, 1000, lesson);
  CHECK_FALSE(slow.noise_could_explain);
  CHECK(contains(slow.message, "1000"));
}

TEST_CASE("a replay must be cheap on the host, no slower on the GPU, and near the checker's own") {
  const graph_bars bars{1.1, 0.25};
  const both_times naive{10.0, 8.0};
  const both_times own{9.0, 0.02};
  CHECK(graph_speed_outcome(naive, {9.5, 0.03}, own, bars, 1000, lesson).passed);

  const check_outcome setup = graph_speed_outcome(naive, {9.5, 1.5}, own, bars, 1000, lesson);
  CHECK_FALSE(setup.passed); // far above the checker's own replay: setup in every replay
  CHECK(contains(setup.message, "1.500 ms"));
  const check_outcome gpu = graph_speed_outcome(naive, {20.0, 0.03}, own, bars, 1000, lesson);
  CHECK_FALSE(gpu.passed);
  CHECK(gpu.hint != setup.hint);

  const check_outcome none = no_graph_speed_outcome(bars, 1000, lesson);
  CHECK_FALSE(none.passed);
  CHECK(none.lesson_section == lesson + "#cuda-graphs");
  CHECK(contains(none.expected, "1000"));
}

TEST_CASE("the loop timing names work run another number of times, and shows its call") {
  const check_outcome right = loop_outcome(loop_call(2.1), 200, 0.010, lesson);
  CHECK(right.passed);
  CHECK(right.call.begin_ns == 1'000'000); // shown when it passes too: the replay may pass

  const check_outcome runs = loop_outcome(loop_call(2.1, 199), 200, 0.010, lesson);
  CHECK_FALSE(runs.passed);
  CHECK(contains(runs.message, "199"));
  CHECK(runs.states_what_was_seen);

  const check_outcome launches = loop_outcome(loop_call(0.6), 200, 0.010, lesson);
  CHECK_FALSE(launches.passed);
  CHECK_FALSE(launches.message.empty());
  CHECK_FALSE(launches.states_what_was_seen);
  CHECK_FALSE(launches.noise_could_explain); // under 200 runs of 10 us: no neighbour's doing

  // Right, against a truth a neighbour lengthened fourfold: over the runs' 2 ms, so excusable.
  loop_trial lengthened = loop_call(2.1);
  lengthened.judged.truth_ms = 8.8;
  const check_outcome excused = loop_outcome(lengthened, 200, 0.010, lesson);
  CHECK_FALSE(excused.passed);
  CHECK(excused.noise_could_explain);

  // 5 us more an iteration: each launch timed and summed, inferred from the numbers.
  const check_outcome summed = loop_outcome(loop_call(3.1), 200, 0.010, lesson);
  CHECK_FALSE(summed.passed);
  CHECK(contains(summed.message, "one pair of events"));
  CHECK_FALSE(summed.states_what_was_seen);

  const check_outcome in_seconds = loop_outcome(loop_call(0.0021), 200, 0.010, lesson);
  CHECK_FALSE(in_seconds.slip.empty()); // a unit: the number says which

  loop_trial cut = loop_call(2.0); // whole milliseconds of a 2.9 ms loop
  cut.judged.truth_ms = 2.9;
  const check_outcome whole = loop_outcome(cut, 200, 0.010, lesson);
  CHECK_FALSE(whole.passed);
  CHECK_FALSE(whole.slip.empty());
  CHECK_FALSE(whole.noise_could_explain); // shorter by an exact relation: no neighbour's doing
}
