// SPDX-License-Identifier: MIT
#include "checkapi/timing_trials.hpp"

#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "checkapi/work_runs.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

namespace gpucheck {
namespace {

bool accurate(const timing_trial& trial) {
  return trial.verdict() == time_verdict::accurate;
}

// What the shown trial's number is, against its truth: a fact, not a cause.
void say_how_wrong(check_outcome& outcome, const timing_trial& shown, const timing_words& words) {
  const double reported_ms = shown.reported_ms;
  const double truth_ms = shown.truth_ms;
  const bool context = !words.context.empty();
  if (reported_ms == 0.0) {
    outcome.message = say("check.api.returned-zero.message");
    outcome.hint = words.zero_hint;
    outcome.noise_could_explain = false;
    return;
  }
  switch (shown.verdict()) {
  case time_verdict::too_short:
    outcome.message =
        context ? say("check.api.too-short-context.message",
                      {{"off", format_ms(truth_ms - reported_ms)},
                       {"truth", format_ms(truth_ms)},
                       {"context", words.context}})
                : say("check.api.too-short.message",
                      {{"off", format_ms(truth_ms - reported_ms)}, {"truth", format_ms(truth_ms)}});
    outcome.hint = words.wrong_hint;
    outcome.says_only_how_far_off = true;
    return;
  case time_verdict::too_long:
    outcome.message =
        context
            ? say("check.api.too-long-context.message", {{"off", format_ms(reported_ms - truth_ms)},
                                                         {"truth", format_ms(truth_ms)},
                                                         {"context", words.context}})
            : say("check.api.too-long.message",
                  {{"off", format_ms(reported_ms - truth_ms)}, {"truth", format_ms(truth_ms)}});
    outcome.hint = words.wrong_hint;
    outcome.says_only_how_far_off = true;
    return;
  case time_verdict::not_a_number:
    outcome.message =
        say("check.api.not-a-duration.message", {{"reported", format_ms(reported_ms)}});
    outcome.hint = say("check.api.not-a-duration.hint");
    outcome.noise_could_explain = false;
    return;
  case time_verdict::accurate:
    return;
  }
}

// The numbers prove these by themselves, on a quiet GPU or a busy one.
void name_number_facts(check_outcome& outcome, const std::vector<timing_trial>& trials) {
  std::vector<timed_call> calls; // the kernel trials: each call's number against its own truth
  std::vector<counted_call> counted;
  for (const timing_trial& trial : trials) {
    if (trial.own_clock && trial.call.call_ms > 0)
      calls.push_back(trial.call);
    if (trial.work_runs >= 0)
      counted.push_back({trial.work_runs, trial.reported_ms, trial.truth_ms});
  }
  if (!calls.empty()) {
    const auto kernel = std::find_if(trials.begin(), trials.end(),
                                     [](const timing_trial& t) { return t.own_clock; });
    name_number_slip(outcome, calls, kernel->tolerance);
  }
  // Asked last: "never called work" explains a number better than its unit does.
  name_work_runs(outcome, counted);
  // A number 20 times off (and by 10 ms or more: a neighbour's time slice can hold very short
  // work's start for a few milliseconds) is no busy GPU's, named slip or not (issue 42, item 5).
  const bool impossible = std::any_of(trials.begin(), trials.end(), [](const timing_trial& t) {
    return !accurate(t) && noise_cannot_produce({}, t.reported_ms, t.truth_ms, busy_gpu_delay_ms);
  });
  if (impossible)
    outcome.noise_could_explain = false;
}

// A clock of CPU time counts the CPU time of the process, not the time that passes: it reads
// about right while the host spins in a synchronize, and stands still while it sleeps there
// (blocking sync). A number right by luck is no pass.
void fail_cpu_time_clock(check_outcome& outcome, const std::vector<timing_trial>& trials) {
  const auto read = std::find_if(trials.begin(), trials.end(), [](const timing_trial& t) {
    return t.read_cpu_clock != cpu_clock::none;
  });
  if (read == trials.end())
    return;
  fail_for_cpu_time_clock(outcome, read->read_cpu_clock);
}

} // namespace

void fail_for_cpu_time_clock(check_outcome& outcome, cpu_clock which) {
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.message = say("check.api.cpu-time-clock.message", {{"clock", cpu_clock_call(which)}});
  outcome.hint = say("check.api.cpu-time-clock.hint");
  outcome.says_only_how_far_off = false;
  outcome.rule = "cpu-time-clock";
}

check_outcome judge_timing(const std::vector<timing_trial>& trials, const timing_words& words,
                           int allowed_misses) {
  check_outcome outcome;
  outcome.name = words.name;
  if (trials.empty()) {
    outcome.message = say("check.api.no-trial.message");
    outcome.noise_could_explain = false;
    return outcome;
  }
  const long hits = std::count_if(trials.begin(), trials.end(), accurate);
  const auto failed = std::find_if_not(trials.begin(), trials.end(), accurate);
  const timing_trial& shown = failed != trials.end() ? *failed : trials.back();
  outcome.passed = static_cast<long>(trials.size()) - hits <= allowed_misses;
  // The call's own truth, in the same terms as its number: for a batch that is the runs' total,
  // where the trial's truth_ms is one run's (paced_work_trial.cuh).
  show_call(outcome, shown.call, shown.call.truth_ms);
  outcome.noise_could_explain =
      std::all_of(trials.begin(), trials.end(), [](const timing_trial& t) {
        return noise_could_cause(t.verdict(), t.own_clock);
      });
  outcome.expected = say("check.api.timing.expected",
                         {{"truth", format_ms(shown.truth_ms)},
                          {"work", shown.work},
                          {"allowed", format_ms(shown.tolerance.allowed_ms(shown.truth_ms))}});
  outcome.measured = say("check.api.timing.measured", {{"reported", format_ms(shown.reported_ms)},
                                                       {"hits", std::to_string(hits)},
                                                       {"trials", std::to_string(trials.size())}});
  if (!outcome.passed) {
    say_how_wrong(outcome, shown, words);
    name_number_facts(outcome, trials);
  }
  fail_cpu_time_clock(outcome, trials);
  if (!outcome.passed)
    outcome.lesson_section = words.section;
  return outcome;
}

bool in_traced_replay() {
  const char* replay = std::getenv("GPUCHECK_REPLAY");
  return replay != nullptr && std::string_view(replay) == "1";
}

namespace {

// Whether `ordinal` is in a comma-separated list of test cases ("2,5"); nullopt without the list.
std::optional<bool> listed_in(const char* variable, int ordinal) {
  const char* list = std::getenv(variable);
  if (list == nullptr)
    return std::nullopt;
  std::istringstream items(list);
  std::string item;
  while (std::getline(items, item, ','))
    if (!item.empty() && std::atoi(item.c_str()) == ordinal)
      return true;
  return false;
}

} // namespace

namespace detail {
namespace {
std::atomic<int> test_case_now{0};
} // namespace
void note_test_case(int ordinal) {
  test_case_now.store(ordinal);
}
int current_test_case() {
  return test_case_now.load();
}
} // namespace detail

bool replay_has_its_call(bool trial_accurate) {
  if (!in_traced_replay())
    return false;
  const int test_case = detail::current_test_case();
  const std::optional<bool> failed = listed_in("GPUCHECK_REPLAY_FAILS", test_case);
  const std::optional<bool> passed = listed_in("GPUCHECK_REPLAY_PASSES", test_case);
  if (!failed && !passed)
    return !trial_accurate; // which calls are read is not known: the first wrong one, if any
  if (failed.value_or(false))
    return !trial_accurate;
  if (passed.value_or(false))
    return trial_accurate;
  return true; // nothing of this test case is read: it only has to run, as in the verdict's run
}

bool replay_has_its_call(const timing_trial& trial) {
  return replay_has_its_call(trial.verdict() == time_verdict::accurate);
}

namespace {
void (*measure_noise_again)() = nullptr;
} // namespace

void on_second_round_failed(void (*measure_again)()) {
  measure_noise_again = measure_again;
}

void detail::second_round_failed() {
  if (measure_noise_again != nullptr)
    measure_noise_again();
}

bool second_round_wanted(const check_outcome& outcome) {
  return !outcome.passed && outcome.noise_could_explain && !in_traced_replay();
}

} // namespace gpucheck
