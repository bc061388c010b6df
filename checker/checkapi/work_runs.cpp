// SPDX-License-Identifier: MIT
#include "checkapi/work_runs.hpp"

#include "checkapi/judge.hpp"

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
    outcome.message = "your function never called work(stream), so the GPU had nothing of yours "
                      "to time: it returned " +
                      format_ms(never->reported_ms) + " for no work at all.";
    outcome.hint = "Call work(stream) once, between the start and the stop of your timing.";
  } else if (summed != calls.end()) {
    outcome.message = "your function called work(stream) " + std::to_string(summed->work_runs) +
                      " times and returned " + format_ms(summed->reported_ms) + "; one run took " +
                      format_ms(summed->work_ms) + ".";
    outcome.hint = "Time one run of the work: call work(stream) once between the start and the "
                   "stop (or divide the total by the number of runs).";
  } else {
    return false;
  }
  outcome.rule.clear();
  outcome.noise_could_explain = false;
  return true;
}

} // namespace gpucheck
