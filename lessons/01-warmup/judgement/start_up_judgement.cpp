// SPDX-License-Identifier: MIT
#include "judgement/start_up_judgement.hpp"

#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "judgement/call_judgement.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

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
      outcome.states_what_was_seen = true; // the steps' calls, counted
      return true;
    }
  }
  return false;
}

// The steps `process` called, by name, in the order it called them: "start_driver(), ...".
std::string called_in_order(const start_up_process& process) {
  std::vector<const start_up_step*> called;
  for (const start_up_step& step : process.steps) {
    if (step.order > 0) {
      called.push_back(&step);
    }
  }
  std::stable_sort(
      called.begin(), called.end(),
      [](const start_up_step* a, const start_up_step* b) { return a->order < b->order; });
  std::string names;
  for (const start_up_step* step : called) {
    names += (names.empty() ? "" : ", ") + step->name + "()";
  }
  return names;
}

// Why the part of the start of `process.steps[index]` was done before it was called, as far as
// the process's facts show it; said. Each step does, on its way, the parts of the steps before it
// in start_up_steps that are still to do (the context needs the driver, the cuBLAS handle the
// context), and none of a later step's; so a part found done was done by a later step called
// first, or else by a CUDA call of the student's own: before the first step, when the part was
// already done as that step was entered; between steps, when it was not. Where the facts fit
// none of these (a part not done as the first step was entered, found done by that same step),
// the cause is said to be not determined, with what was found.
void say_why_done_before(check_outcome& outcome, const start_up_process& process,
                         std::size_t index) {
  const start_up_step& step = process.steps[index];
  const auto first = std::find_if(process.steps.begin(), process.steps.end(),
                                  [](const start_up_step& s) { return s.order == 1; });
  const start_up_step* later_called_before = nullptr; // the first such step called
  for (std::size_t i = index + 1; i < process.steps.size(); ++i) {
    const start_up_step& later = process.steps[i];
    if (later.order > 0 && later.order < step.order &&
        (later_called_before == nullptr || later.order < later_called_before->order)) {
      later_called_before = &later;
    }
  }
  if (first != process.steps.end() && step.done_before_steps) {
    outcome.message = say("check.l01.start-up.done-before.own-call-first.message",
                          {{"step", step.name}, {"first", first->name}});
    outcome.hint = say("check.l01.start-up.own-call.hint");
  } else if (later_called_before != nullptr) {
    outcome.message =
        say("check.l01.start-up.done-before.order.message", {{"step", step.name},
                                                             {"earlier", later_called_before->name},
                                                             {"called", called_in_order(process)}});
    outcome.hint = say("check.l01.start-up.order.hint");
  } else if (first != process.steps.end() && first->order < step.order) {
    outcome.message = say("check.l01.start-up.done-before.own-call-between.message",
                          {{"step", step.name}, {"first", first->name}});
    outcome.hint = say("check.l01.start-up.own-call.hint");
  } else {
    outcome.message = say("check.l01.start-up.done-before.undetermined.message",
                          {{"step", step.name},
                           {"called", called_in_order(process)},
                           {"reported", format_ms(step.reported_ms)},
                           {"span", format_ms(step.truth_ms)}});
    outcome.hint = say("check.l01.start-up.done-before.hint");
  }
}

// The first step whose part of the start was done before it was called, if any: said, with its
// cause, and true.
bool fail_for_work_done_before(check_outcome& outcome,
                               const std::vector<start_up_process>& processes,
                               const timing_words& words) {
  for (const start_up_process& process : processes) {
    for (std::size_t i = 0; i < process.steps.size(); ++i) {
      const start_up_step& step = process.steps[i];
      if (step.did_its_work) {
        continue;
      }
      fail_for_step(outcome, words, "",
                    say("check.l01.start-up.done-before.measured", {{"step", step.name}}));
      say_why_done_before(outcome, process, i);
      outcome.states_what_was_seen = true; // what each step found done as it was entered
      return true;
    }
  }
  return false;
}

// Two steps' times exchanged (the result's fields filled in another order): in every process each
// is the other's span, neither its own, which no busy machine makes. Said, and true.
bool fail_for_swapped_steps(check_outcome& outcome, const std::vector<start_up_process>& processes,
                            const timing_words& words, time_tolerance tolerance) {
  if (processes.empty())
    return false;
  const std::size_t steps = processes.front().steps.size();
  for (std::size_t a = 0; a < steps; ++a) {
    for (std::size_t b = a + 1; b < steps; ++b) {
      const bool everywhere =
          std::all_of(processes.begin(), processes.end(), [&](const start_up_process& p) {
            if (p.steps.size() != steps)
              return false;
            const start_up_step& first = p.steps[a];
            const start_up_step& second = p.steps[b];
            return swapped_both_ways(first.reported_ms, first.truth_ms, second.reported_ms,
                                     second.truth_ms, tolerance.relative);
          });
      if (!everywhere)
        continue;
      const start_up_step& first = processes.front().steps[a];
      const start_up_step& second = processes.front().steps[b];
      slip_result slip;
      slip.kind = slip_kind::swapped;
      slip.expected = second.truth_ms;
      slip.factor = first.reported_ms / first.truth_ms;
      slip.other = second.name + "()";
      const slip_words said = describe_slip(slip, first.reported_ms, first.truth_ms, "ms");
      // Measured: the first step's number, in no process right.
      fail_for_step(
          outcome, words, said.message,
          say("check.api.timing.measured", {{"reported", format_ms(first.reported_ms)},
                                            {"hits", "0"},
                                            {"trials", std::to_string(processes.size())}}));
      outcome.hint = said.hint;
      outcome.slip = slip_id(slip.kind);
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
      fail_for_work_done_before(outcome, processes, words) ||
      fail_for_swapped_steps(outcome, processes, words, tolerance)) {
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
