// SPDX-License-Identifier: MIT
#include "judgement/call_judgement.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {

void say_against_the_call(check_outcome& outcome, const std::vector<timing_trial>& trials,
                          const std::string& function, bool until_return) {
  // Only judge_timing()'s own words on how far off the number is are said again here, in
  // whatever language they are in (check_outcome::says_only_how_far_off).
  if (outcome.passed || !outcome.says_only_how_far_off) {
    return;
  }
  const auto shown = std::find_if(trials.begin(), trials.end(), [](const timing_trial& t) {
    return t.verdict() != time_verdict::accurate;
  });
  if (shown == trials.end()) {
    return;
  }
  const double off_ms = shown->reported_ms - shown->truth_ms;
  const std::initializer_list<said_value> values = {{"function", function},
                                                    {"reported", format_ms(shown->reported_ms)},
                                                    {"work", shown->work},
                                                    {"truth", format_ms(shown->truth_ms)},
                                                    {"off", format_ms(std::abs(off_ms))}};
  if (until_return) {
    outcome.message = off_ms < 0 ? say("check.l01.against-return.too-short", values)
                                 : say("check.l01.against-return.too-long", values);
  } else {
    outcome.message = off_ms < 0 ? say("check.l01.against-finish.too-short", values)
                                 : say("check.l01.against-finish.more", values);
  }
}

void fail_extra_runs(check_outcome& outcome, const std::vector<timing_trial>& trials,
                     const std::string& function, const std::string& section) {
  const auto extra = std::find_if(trials.begin(), trials.end(),
                                  [](const timing_trial& t) { return t.work_runs > 1; });
  // A failure already explained by a fact (a sum of runs, a unit slip) keeps its explanation; one
  // that noise could have caused (a number too long under load) gives way to this fact.
  if (extra == trials.end() || (!outcome.message.empty() && !outcome.noise_could_explain)) {
    return;
  }
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.rule.clear();
  outcome.message = say("check.l01.extra-runs.message",
                        {{"function", function}, {"runs", std::to_string(extra->work_runs)}});
  outcome.hint = say("check.l01.extra-runs.hint", {{"function", function}});
  outcome.states_what_was_seen = true; // the work's runs, counted
  outcome.lesson_section = section;
}

void fail_for_stopped_process(check_outcome& outcome, const std::string& function,
                              const std::string& output) {
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.rule.clear();
  outcome.expected = say("check.l01.fresh-process.expected", {{"function", function}});
  outcome.measured = say("check.l01.fresh-process.measured");
  outcome.message = say("check.l01.fresh-process.stopped", {{"output", output}});
  outcome.hint = say("check.l01.fresh-process.hint");
  outcome.states_what_was_seen = true; // the process's own output
  outcome.lesson_section.clear();
}

} // namespace gpucheck
