// SPDX-License-Identifier: MIT
#include "judgement/copy_facts.hpp"

#include "checkapi/number_slip.hpp"
#include "checkapi/say.hpp"

#include <algorithm>

namespace gpucheck {

void name_copy_facts(check_outcome& outcome, const std::vector<copy_trial>& trials,
                     const time_tolerance& tolerance, const std::string& section) {
  const auto not_copied =
      std::find_if(trials.begin(), trials.end(), [](const copy_trial& t) { return !t.copied; });
  if (not_copied != trials.end() && not_copied->timing.reported_ms != 0) {
    outcome.passed = false;
    show_call(outcome, not_copied->timing.call, not_copied->timing.truth_ms);
    outcome.message = say("check.l00.copy.not-copied");
    outcome.hint = say("check.l00.copy.not-copied-hint");
    outcome.states_what_was_seen = true; // the destination read back
    outcome.rule.clear();
    outcome.noise_could_explain = false;
    outcome.lesson_section = section;
    return;
  }
  if (outcome.passed) {
    return;
  }
  std::vector<timed_call> calls;
  for (const copy_trial& trial : trials) {
    calls.push_back(trial.timing.call);
  }
  if (name_number_slip(outcome, calls, tolerance)) {
    return;
  }
  const auto far_too_short = std::find_if(trials.begin(), trials.end(), [](const copy_trial& t) {
    return t.timing.reported_ms > 0 && t.timing.reported_ms < t.fastest_ms / 10;
  });
  if (far_too_short != trials.end()) {
    outcome.noise_could_explain = false; // a busy GPU makes copies slower, never ten times faster
  }
}

} // namespace gpucheck
