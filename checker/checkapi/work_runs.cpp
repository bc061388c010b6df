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
  const auto summed = std::find_if(calls.begin(), calls.end(), [](const counted_call& call) {
    const double sum_ms = call.work_runs * call.work_ms;
    return call.work_runs > 1 && std::abs(call.reported_ms - sum_ms) <= 0.1 * sum_ms;
  });
  if (never != calls.end()) {
    outcome.message =
        say("check.api.work-never-called.message", {{"reported", format_ms(never->reported_ms)}});
    outcome.hint = say("check.api.work-never-called.hint");
  } else if (summed != calls.end()) {
    outcome.message =
        say("check.api.work-summed.message", {{"runs", std::to_string(summed->work_runs)},
                                              {"reported", format_ms(summed->reported_ms)},
                                              {"one_run", format_ms(summed->work_ms)}});
    outcome.hint = say("check.api.work-summed.hint");
  } else {
    return false;
  }
  outcome.rule.clear();
  outcome.noise_could_explain = false;
  outcome.says_only_how_far_off = false;
  return true;
}

} // namespace gpucheck
