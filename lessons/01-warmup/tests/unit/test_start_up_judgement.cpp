// SPDX-License-Identifier: MIT
// Lesson 01's judgement of time_start_up (judgement/start_up_judgement.hpp), on numbers shaped as
// the fresh processes send them: H200-like spans (driver 104 ms, context 125 ms, handle 25 ms).
#include "judgement/start_up_judgement.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

const time_tolerance tolerance{0.02, 0.30};

// One process whose steps took `spans` [ms] and were reported as `reported` [ms].
start_up_process process(const std::vector<double>& reported,
                         const std::vector<double>& spans = {104.0, 125.0, 25.0}) {
  start_up_process p;
  p.ok = true;
  const char* names[] = {"start_driver", "create_context", "create_handle"};
  for (std::size_t i = 0; i < spans.size(); ++i) {
    start_up_step step;
    step.name = names[i];
    step.work = std::string(names[i]) + "()";
    step.runs = 1;
    step.order = static_cast<int>(i) + 1;
    step.truth_ms = spans[i];
    step.reported_ms = reported[i];
    p.steps.push_back(step);
    p.call_ms += spans[i];
  }
  p.call_ms += 0.01;
  return p;
}

timing_words words() {
  timing_words w;
  w.name = "time_start_up times each step";
  w.section = "lesson.md#start";
  w.zero_hint = "Time each step.";
  w.wrong_hint = "One clock per step.";
  return w;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("each step timed on its own passes and a cumulative clock fails by the steps before") {
  const std::vector<start_up_process> right = {process({104.003, 125.002, 25.004}),
                                               process({104.002, 125.003, 25.002})};
  CHECK(judge_start_up(right, words(), tolerance, 1).passed);

  // One clock started before the first step: each time holds the steps before it.
  const std::vector<start_up_process> cumulative = {process({104.003, 229.005, 254.009}),
                                                    process({104.002, 229.004, 254.008})};
  const check_outcome outcome = judge_start_up(cumulative, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK(contains(outcome.message, "your time_start_up returned 229.005 ms for create_context()"));
  CHECK(contains(outcome.message, "too long"));
  CHECK_FALSE(outcome.states_what_was_seen);
  CHECK(outcome.lesson_section == "lesson.md#start");
}

TEST_CASE("two steps' times exchanged in every process are named as swapped, certain") {
  const std::vector<start_up_process> exchanged = {process({125.003, 104.002, 25.004}),
                                                   process({125.002, 104.003, 25.002})};
  const check_outcome outcome = judge_start_up(exchanged, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.slip == "swapped");
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "create_context()"));
  CHECK_FALSE(outcome.states_what_was_seen);
  // In one process only: judged as timings, as before.
  const check_outcome once =
      judge_start_up({process({125.003, 104.002, 25.004}), process({104.002, 125.003, 25.002})},
                     words(), tolerance, 1);
  CHECK(once.slip.empty());
}

TEST_CASE("the starter's zeros fail, and a time too short fails whatever the load") {
  const check_outcome zeros =
      judge_start_up({process({0, 0, 0}), process({0, 0, 0})}, words(), tolerance, 1);
  CHECK_FALSE(zeros.passed);
  CHECK_FALSE(zeros.noise_could_explain);
  CHECK(zeros.hint == "Time each step.");

  // The driver's start-up missed (the clock started after the first step).
  const check_outcome short_driver = judge_start_up(
      {process({0.004, 125.0, 25.0}), process({0.003, 125.0, 25.0})}, words(), tolerance, 1);
  CHECK_FALSE(short_driver.passed);
  CHECK_FALSE(short_driver.noise_could_explain);
}

TEST_CASE("a step's time too long in one process of two may be a slow host, once") {
  const std::vector<start_up_process> one_slow = {process({104.0, 131.0, 25.0}),
                                                  process({104.0, 125.0, 25.0})};
  CHECK(judge_start_up(one_slow, words(), tolerance, 1).passed);
  const std::vector<start_up_process> two_slow = {process({104.0, 131.0, 25.0}),
                                                  process({104.0, 125.0, 31.0})};
  const check_outcome outcome = judge_start_up(two_slow, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK(outcome.noise_could_explain);
}

TEST_CASE("a step run twice or never fails with the count, on any GPU") {
  std::vector<start_up_process> processes = {process({104.0, 125.0, 25.0}),
                                             process({104.0, 125.0, 25.0})};
  processes[1].steps[2].runs = 2;
  const check_outcome twice = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(twice.passed);
  CHECK_FALSE(twice.noise_could_explain);
  CHECK(contains(twice.message, "called create_handle() 2 times"));
  CHECK(twice.states_what_was_seen);

  processes[1].steps[2].runs = 0;
  const check_outcome never = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(never.passed);
  CHECK(contains(never.message, "never called create_handle()"));
  CHECK(never.states_what_was_seen);
}

// Two processes whose start_driver and create_context found their parts done, with times right
// for calls that had nothing left to do; the causes' facts are set by each test.
std::vector<start_up_process> parts_found_done() {
  std::vector<start_up_process> processes = {process({0.002, 0.003, 25.0}, {0.001, 0.002, 25.0}),
                                             process({0.002, 0.003, 25.0}, {0.001, 0.002, 25.0})};
  for (start_up_process& p : processes) {
    p.steps[0].did_its_work = false;
    p.steps[1].did_its_work = false;
  }
  return processes;
}

// The steps called in `order` (each step's place among the calls, in start_up_steps' order).
void call_in_order(std::vector<start_up_process>& processes, const std::vector<int>& order) {
  for (start_up_process& p : processes) {
    for (std::size_t i = 0; i < order.size(); ++i) {
      p.steps[i].order = order[i];
    }
  }
}

TEST_CASE("a CUDA call of the student's before the first step is named as the cause") {
  // Events created before start_driver (as bram did): as the first step was entered, the driver
  // had started and the context existed.
  std::vector<start_up_process> processes = parts_found_done();
  for (start_up_process& p : processes) {
    p.steps[0].done_before_steps = true;
    p.steps[1].done_before_steps = true;
  }
  const check_outcome outcome = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "made a CUDA call of its own"));
  CHECK(contains(outcome.message, "before the first step it called, start_driver()"));
  CHECK(outcome.states_what_was_seen);
  CHECK(contains(outcome.measured, "start_driver() found its part of the start already done"));
  CHECK(contains(outcome.hint, "Make no CUDA call of your own"));
  CHECK_FALSE(contains(outcome.message, "cannot determine"));
  CHECK_FALSE(contains(outcome.message, "in the order"));
}

TEST_CASE("a later step called first is named, with the order the steps were called in") {
  // create_context called first: it started the driver on its way, and start_driver, called
  // next, found it done. Nothing was done before the first step.
  std::vector<start_up_process> processes = parts_found_done();
  call_in_order(processes, {2, 1, 3});
  for (start_up_process& p : processes) {
    p.steps[1].did_its_work = true;
  }
  const check_outcome outcome = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(
      contains(outcome.message, "in the order create_context(), start_driver(), create_handle()"));
  CHECK(contains(outcome.message, "create_context() came before start_driver()"));
  CHECK(contains(outcome.hint, "Call the steps in the order of start_up_steps"));
  CHECK_FALSE(contains(outcome.message, "made a CUDA call of its own"));

  // The handle called before both: the first such step called is the one named.
  call_in_order(processes, {3, 2, 1});
  const check_outcome handle_first = judge_start_up(processes, words(), tolerance, 1);
  CHECK(contains(handle_first.message, "create_handle() came before start_driver()"));
}

TEST_CASE("a CUDA call of the student's between two steps is named as the cause") {
  // Steps in order, nothing done before start_driver, yet create_context found the context made:
  // start_driver does not create it, so a call of the student's between the two did.
  std::vector<start_up_process> processes = parts_found_done();
  for (start_up_process& p : processes) {
    p.steps[0].did_its_work = true;
  }
  const check_outcome outcome = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "after it called start_driver() and before it called "
                                  "create_context()"));
  CHECK(contains(outcome.measured, "create_context() found its part of the start already done"));
  CHECK(contains(outcome.hint, "Make no CUDA call of your own"));
  CHECK_FALSE(contains(outcome.message, "cannot determine"));
}

TEST_CASE("a part found done that no fact explains is said as not determined, with the numbers") {
  // start_driver, called first, found the driver started, though it had not been as it was
  // entered (the two questions disagree): no step and no call before the steps did it.
  std::vector<start_up_process> processes = parts_found_done();
  const check_outcome outcome = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(outcome.passed);
  CHECK_FALSE(outcome.noise_could_explain);
  CHECK(contains(outcome.message, "cannot determine by what"));
  CHECK(
      contains(outcome.message, "in the order start_driver(), create_context(), create_handle()"));
  CHECK(contains(outcome.message, "Your time for start_driver: 2.0 us"));
  CHECK(contains(outcome.message, "1.0 us"));
  CHECK_FALSE(contains(outcome.message, "made a CUDA call of its own"));
  CHECK_FALSE(contains(outcome.message, "came before"));
}

TEST_CASE("a process that stopped, a unit slip and a CPU-time clock are named") {
  std::vector<start_up_process> processes = {process({104.0, 125.0, 25.0}), start_up_process{}};
  processes[1].output = "an illegal memory access was encountered";
  const check_outcome stopped = judge_start_up(processes, words(), tolerance, 1);
  CHECK_FALSE(stopped.passed);
  CHECK(contains(stopped.message, "an illegal memory access"));
  CHECK(stopped.states_what_was_seen);

  const check_outcome seconds = judge_start_up(
      {process({0.104, 0.125, 0.025}), process({0.104, 0.125, 0.025})}, words(), tolerance, 1);
  CHECK_FALSE(seconds.passed);
  CHECK_FALSE(seconds.noise_could_explain);
  CHECK(contains(seconds.message, "seconds"));

  std::vector<start_up_process> cpu_time = {process({104.0, 125.0, 25.0}),
                                            process({104.0, 125.0, 25.0})};
  cpu_time[0].read_cpu_clock = cpu_clock::process_cputime;
  const check_outcome clock = judge_start_up(cpu_time, words(), tolerance, 1);
  CHECK_FALSE(clock.passed);
  CHECK(clock.rule == "cpu-time-clock");

  std::vector<start_up_process> not_a_number = {process({104.0, NAN, 25.0}),
                                                process({104.0, NAN, 25.0})};
  CHECK_FALSE(judge_start_up(not_a_number, words(), tolerance, 1).passed);
}
