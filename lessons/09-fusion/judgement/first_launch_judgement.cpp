// SPDX-License-Identifier: MIT
#include "judgement/first_launch_judgement.hpp"

#include "checkapi/enclosing_band.hpp"
#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "checkapi/statistics.hpp"
#include "common/durations.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace gpucheck {

namespace {

// The median of the runs after the first: the warm runs' time.
double warm_median(const std::vector<double>& run_ms) {
  if (run_ms.size() < 2) {
    return run_ms.empty() ? 0.0 : run_ms.front();
  }
  return median(std::vector<double>(run_ms.begin() + 1, run_ms.end()));
}

// Whether the first returned time is the run of the call `shift` places later, not of the first
// call: the function ran the work `shift` times before the first run it timed. Only the first
// time tells (the warm runs are alike), and only where the first launch cost more than the noise.
bool first_time_after(const first_launch_numbers& numbers, std::size_t shift,
                      const first_launch_tolerance& tolerance) {
  return !numbers.reported_ms.empty() && numbers.truth_ms.size() > shift &&
         run_time_agrees(numbers.reported_ms.front(), numbers.truth_ms[shift], tolerance) &&
         !run_time_agrees(numbers.reported_ms.front(), numbers.truth_ms.front(), tolerance);
}

// Whether all the times are one number, within 1%: a batch's time divided by its runs.
bool all_alike(const std::vector<double>& run_ms) {
  if (run_ms.size() < 2) {
    return false;
  }
  const auto [low, high] = std::minmax_element(run_ms.begin(), run_ms.end());
  return *low > 0 && *high - *low <= 0.01 * *high;
}

// The slip that every disagreeing time shows, when it is an exact relation (a power of 1000, whole
// milliseconds) that no noise imitates.
slip_result exact_common_slip(const first_launch_numbers& numbers,
                              const std::vector<std::size_t>& disagreeing,
                              const first_launch_tolerance& tolerance) {
  std::vector<slip_result> slips;
  for (const std::size_t i : disagreeing) {
    slip_question question;
    question.returned = numbers.reported_ms[i];
    question.truth = numbers.truth_ms[i];
    question.relative = tolerance.above_share;
    question.absolute = tolerance.above_ms;
    question.whole_unit = 1.0; // whole milliseconds
    slips.push_back(find_slip(question));
  }
  const slip_result slip = common_slip(slips);
  return exact_relation(slip.kind) ? slip : slip_result{};
}

void say_stopped_process(check_outcome& outcome, const std::string& output) {
  outcome.measured = say("check.l09.first-process.measured");
  outcome.message = say("check.l09.first-process.message", {{"output", output}});
  outcome.hint = say("check.l09.first-process.hint");
  outcome.states_what_was_seen = true; // the process's own output
  outcome.lesson_section.clear();      // the process's own error says what to fix
}

void say_wrong_runs(check_outcome& outcome, const first_launch_numbers& numbers,
                    const first_launch_tolerance& tolerance) {
  const int extra = numbers.runs - numbers.asked;
  outcome.measured = say("check.l09.first-runs.measured", {{"runs", std::to_string(numbers.runs)}});
  const bool returned_asked = numbers.returned == numbers.asked &&
                              numbers.reported_ms.size() == static_cast<std::size_t>(numbers.asked);
  if (extra > 0 && returned_asked &&
      first_time_after(numbers, static_cast<std::size_t>(extra), tolerance)) {
    // The first time is a later call's: the calls before it were a warm-up, the first launch
    // among them.
    outcome.message =
        say("check.l09.first-warmed.message", {{"runs", std::to_string(numbers.runs)},
                                               {"count", std::to_string(numbers.asked)},
                                               {"cold", format_ms(numbers.truth_ms.front())}});
    outcome.hint = say("check.l09.first-warmed.hint");
    return;
  }
  outcome.message = say("check.l09.first-runs.message", {{"runs", std::to_string(numbers.runs)},
                                                         {"count", std::to_string(numbers.asked)}});
  outcome.hint = say("check.l09.first-runs.hint");
  outcome.states_what_was_seen = true; // the work's runs, counted
}

} // namespace

bool run_time_agrees(double reported_ms, double truth_ms, const first_launch_tolerance& tolerance) {
  return within_enclosing_band(reported_ms, truth_ms, tolerance.below_ms, tolerance.above_ms,
                               tolerance.above_share);
}

check_outcome judge_first_launch(const first_launch_numbers& numbers, const std::string& section,
                                 const first_launch_tolerance& tolerance) {
  check_outcome outcome;
  outcome.name = say("check.l09.first.name");
  outcome.expected =
      say("check.l09.first.expected", {{"count", std::to_string(numbers.asked)},
                                       {"above", format_ms(tolerance.above_ms)},
                                       {"share", share_text(tolerance.above_share)}});
  outcome.lesson_section = section;
  outcome.noise_could_explain = false; // a busy GPU changes no count, and no run's events
  if (!numbers.process_ok) {
    say_stopped_process(outcome, numbers.output);
    return outcome;
  }
  if (numbers.runs != numbers.asked) {
    say_wrong_runs(outcome, numbers, tolerance);
    return outcome;
  }
  if (numbers.returned != numbers.runs || numbers.reported_ms.size() != numbers.truth_ms.size()) {
    const std::string returned_text = std::to_string(numbers.returned);
    outcome.measured = say("check.l09.first-returned.measured", {{"returned", returned_text}});
    outcome.message = say("check.l09.first-returned.message",
                          {{"returned", returned_text}, {"runs", std::to_string(numbers.runs)}});
    outcome.hint = say("check.l09.first-returned.hint");
    return outcome;
  }
  const std::size_t returned = numbers.reported_ms.size();
  outcome.measured =
      say("check.l09.first.measured", {{"first", format_ms(numbers.reported_ms.front())},
                                       {"warm", format_ms(warm_median(numbers.reported_ms))},
                                       {"truth_first", format_ms(numbers.truth_ms.front())},
                                       {"truth_warm", format_ms(warm_median(numbers.truth_ms))}});
  std::vector<std::size_t> disagreeing;
  bool all_too_long = true;
  bool all_too_short = true;
  bool all_no_time = true;
  for (std::size_t i = 0; i < returned; ++i) {
    const double reported = numbers.reported_ms[i];
    const double truth = numbers.truth_ms[i];
    if (run_time_agrees(reported, truth, tolerance)) {
      continue;
    }
    disagreeing.push_back(i);
    const bool no_time = !std::isfinite(reported) || reported <= 0;
    all_no_time = all_no_time && no_time;
    all_too_long = all_too_long && !no_time && reported > truth;
    all_too_short = all_too_short && !no_time && reported < truth;
  }
  if (disagreeing.empty()) {
    outcome.passed = true;
    outcome.lesson_section.clear();
    return outcome;
  }
  const std::size_t shown = disagreeing.front();
  const double reported = numbers.reported_ms[shown];
  const double truth = numbers.truth_ms[shown];
  const std::initializer_list<said_value> values = {
      {"run", std::to_string(shown + 1)},
      {"truth", format_ms(truth)},
      {"reported", format_ms(reported)},
      {"extra", format_ms(reported - truth)},
      {"agree", std::to_string(returned - disagreeing.size())},
      {"count", std::to_string(returned)}};
  if (all_no_time) {
    outcome.message = say("check.l09.first-none.message", values);
    outcome.hint = say("check.l09.first-none.hint");
  } else if (const slip_result slip = exact_common_slip(numbers, disagreeing, tolerance);
             slip.kind != slip_kind::none) {
    const slip_words words = describe_slip(slip, reported, truth, "ms");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = slip_id(slip.kind);
  } else if (all_alike(numbers.reported_ms)) {
    // One number for every run, where the runs were not alike: a batch divided by its runs.
    outcome.message =
        say("check.l09.first-even.message", {{"count", std::to_string(returned)},
                                             {"reported", format_ms(reported)},
                                             {"first", format_ms(numbers.truth_ms.front())},
                                             {"warm", format_ms(warm_median(numbers.truth_ms))}});
    outcome.hint = say("check.l09.first-off.hint");
  } else if (all_too_short) {
    // Nested on one stream, the student's events cannot bracket less than the checker's: their
    // stop did not wait for the run.
    outcome.message = say("check.l09.first-short.message", values);
    outcome.hint = say("check.l09.first-short.hint");
  } else if (all_too_long) {
    outcome.message = say("check.l09.first-long.message", values);
    outcome.hint = say("check.l09.first-long.hint");
    // A host preempted between the student's record and the checker's lengthens a run or two;
    // a mistake of method lengthens most of them.
    outcome.noise_could_explain = 2 * disagreeing.size() <= returned;
  } else {
    outcome.message = say("check.l09.first-off.message", values);
    outcome.hint = say("check.l09.first-off.hint");
  }
  return outcome;
}

} // namespace gpucheck
