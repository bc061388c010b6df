// SPDX-License-Identifier: MIT
#include "checkapi/work_runs.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace gpucheck {

bool name_work_runs(check_outcome& outcome, const std::vector<counted_call>& calls) {
  if (outcome.passed) {
    return false;
  }
  const auto never = std::find_if(calls.begin(), calls.end(),
                                  [](const counted_call& call) { return call.work_runs == 0; });
  const auto sums_its_runs = [](const counted_call& call) {
    const double sum_ms = call.work_runs * call.work_ms;
    return call.work_runs > 1 && std::abs(call.reported_ms - sum_ms) <= 0.1 * sum_ms;
  };
  // A busy GPU lengthens a number by any factor, so one call's number near the sum of its runs
  // can be chance (a benchmark runs the work 49 times; 49 runs' length is as likely as any). It
  // is the cause only when every call that ran the work more than once returned that sum, and
  // certain (noise cannot explain it) only when two or more did.
  const auto summed = std::find_if(calls.begin(), calls.end(), sums_its_runs);
  const auto repeated = std::count_if(calls.begin(), calls.end(),
                                      [](const counted_call& call) { return call.work_runs > 1; });
  const auto sums = std::count_if(calls.begin(), calls.end(), sums_its_runs);
  const bool summed_everywhere = sums > 0 && sums == repeated;
  if (never != calls.end()) {
    outcome.message =
        say("check.api.work-never-called.message", {{"reported", format_ms(never->reported_ms)}});
    outcome.hint = say("check.api.work-never-called.hint");
    outcome.states_what_was_seen = true; // the check counts the calls of the work
  } else if (summed_everywhere) {
    outcome.message =
        say("check.api.work-summed.message", {{"runs", std::to_string(summed->work_runs)},
                                              {"reported", format_ms(summed->reported_ms)},
                                              {"one_run", format_ms(summed->work_ms)}});
    outcome.hint = say("check.api.work-summed.hint");
  } else {
    return false;
  }
  outcome.rule.clear();
  if (never != calls.end() || sums >= 2)
    outcome.noise_could_explain = false;
  outcome.says_only_how_far_off = false;
  return true;
}

} // namespace gpucheck
