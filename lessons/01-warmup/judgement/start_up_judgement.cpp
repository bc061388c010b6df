// SPDX-License-Identifier: MIT
#include "judgement/start_up_judgement.hpp"

#include "checkapi/say.hpp"
#include "judgement/call_judgement.hpp"

namespace gpucheck {

namespace {

constexpr char function[] = "time_start_up";

// A fact about one step, which no busy GPU or host explains.
void fail_for_step(check_outcome& outcome, const timing_words& words, std::string message,
                   std::string measured) {
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.expected = say("check.l01.start-up.expected");
  outcome.measured = std::move(measured);
  outcome.message = std::move(message);
  outcome.lesson_section = words.section;
}

// The first step run never or more than once, if any: said, and true.
bool fail_for_runs(check_outcome& outcome, const std::vector<start_up_process>& processes,
                   const timing_words& words) {
  for (const start_up_process& process : processes) {
    for (const start_up_step& step : process.steps) {
      if (step.runs == 1) {
        continue;
      }
      const std::string runs = std::to_string(step.runs);
      fail_for_step(
          outcome, words,
          step.runs == 0
              ? say("check.l01.start-up.never-ran.message", {{"step", step.name}})
              : say("check.l01.start-up.runs.message", {{"step", step.name}, {"runs", runs}}),
          say("check.l01.start-up.runs.measured", {{"step", step.name}, {"runs", runs}}));
      outcome.hint = say("check.l01.start-up.runs.hint");
      return true;
    }
  }
  return false;
}

// The first step whose part of the start was done before it was called, if any: said, and true.
bool fail_for_work_done_before(check_outcome& outcome,
                               const std::vector<start_up_process>& processes,
                               const timing_words& words) {
  for (const start_up_process& process : processes) {
    for (const start_up_step& step : process.steps) {
      if (step.did_its_work) {
        continue;
      }
      fail_for_step(outcome, words,
                    say("check.l01.start-up.done-before.message", {{"step", step.name}}),
                    say("check.l01.start-up.done-before.measured", {{"step", step.name}}));
      outcome.hint = say("check.l01.start-up.done-before.hint");
      return true;
    }
  }
  return false;
}

} // namespace

check_outcome judge_start_up(const std::vector<start_up_process>& processes,
                             const timing_words& words, time_tolerance tolerance,
                             int allowed_misses) {
  check_outcome outcome;
  outcome.name = words.name;
  for (const start_up_process& process : processes) {
    if (!process.ok) {
      fail_for_stopped_process(outcome, function, process.output);
      return outcome;
    }
  }
  if (fail_for_runs(outcome, processes, words) ||
      fail_for_work_done_before(outcome, processes, words)) {
    return outcome;
  }
  std::vector<timing_trial> trials;
  for (const start_up_process& process : processes) {
    for (const start_up_step& step : process.steps) {
      timing_trial trial;
      trial.work = step.work;
      trial.reported_ms = step.reported_ms;
      trial.truth_ms = step.truth_ms;
      trial.tolerance = tolerance;
      trial.own_clock = true; // the step's span lies inside the student's: never longer
      trial.read_cpu_clock = process.read_cpu_clock;
      trial.call.reported_ms = step.reported_ms; // numbers for number_slip.hpp, no window
      trial.call.truth_ms = step.truth_ms;
      trial.call.call_ms = process.call_ms;
      trials.push_back(trial);
    }
  }
  outcome = judge_timing(trials, words, allowed_misses);
  say_against_the_call(outcome, trials, function, /*until_return=*/true);
  return outcome;
}

} // namespace gpucheck
