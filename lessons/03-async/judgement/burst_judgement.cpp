// SPDX-License-Identifier: MIT
#include "judgement/burst_judgement.hpp"

#include "checkapi/enclosing_band.hpp"
#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/statistics.hpp"

#include <cmath>
#include <cstddef>

namespace gpucheck {

namespace {

std::string us_text(double us) {
  return number_text("%.2f us", us);
}

// The share of the launches whose reported time, times `scale`, agrees with the checker's.
double agreeing_share(const burst_numbers& numbers, double scale,
                      const burst_tolerance& tolerance) {
  std::size_t agree = 0;
  for (std::size_t i = 0; i < numbers.truth_us.size(); ++i) {
    agree += launch_agrees(numbers.reported_us[i] * scale, numbers.truth_us[i], tolerance) ? 1 : 0;
  }
  return numbers.truth_us.empty() ? 0.0 : static_cast<double>(agree) / numbers.truth_us.size();
}

// The median of the quarter of `values` that starts at `first_quarter` (0 to 3).
double quarter_median(const std::vector<double>& values, int first_quarter) {
  const std::size_t quarter = values.size() / 4;
  if (quarter == 0) {
    return values.empty() ? 0.0 : median(values);
  }
  const auto begin = values.begin() + static_cast<std::ptrdiff_t>(first_quarter * quarter);
  return median(std::vector<double>(begin, begin + static_cast<std::ptrdiff_t>(quarter)));
}

} // namespace

bool launch_agrees(double reported_us, double truth_us, const burst_tolerance& tolerance) {
  return within_enclosing_band(reported_us, truth_us, tolerance.below_us, tolerance.above_us,
                               tolerance.above_share);
}

check_outcome judge_burst(const burst_numbers& numbers, const std::string& section,
                          const burst_tolerance& tolerance) {
  check_outcome outcome;
  outcome.name = say("check.l03.burst.name");
  outcome.expected = say("check.l03.burst.expected", {{"count", std::to_string(numbers.asked)},
                                                      {"share", share_text(tolerance.agreeing)},
                                                      {"kernel", us_text(numbers.kernel_us)}});
  const double early_us = quarter_median(numbers.truth_us, 0);
  const double late_us = quarter_median(numbers.truth_us, 3);
  outcome.lesson_section = section;
  outcome.noise_could_explain = false; // a busy GPU makes the late launches longer, never shorter
  if (numbers.runs != numbers.asked) {
    outcome.measured =
        say("check.l03.burst-runs.measured", {{"runs", std::to_string(numbers.runs)}});
    outcome.message =
        say("check.l03.burst-runs.message",
            {{"runs", std::to_string(numbers.runs)}, {"count", std::to_string(numbers.asked)}});
    outcome.hint = say("check.l03.burst-runs.hint");
    outcome.states_what_was_seen = true; // the work's runs, counted
    return outcome;
  }
  const std::size_t returned = numbers.reported_us.size();
  if (returned != numbers.truth_us.size()) {
    outcome.measured =
        say("check.l03.burst-returned.measured", {{"returned", std::to_string(returned)}});
    outcome.message =
        say("check.l03.burst-returned.message",
            {{"returned", std::to_string(returned)}, {"runs", std::to_string(numbers.runs)}});
    outcome.hint = say("check.l03.burst-returned.hint");
    return outcome;
  }
  const double share = agreeing_share(numbers, 1.0, tolerance);
  outcome.measured =
      say("check.l03.burst.measured",
          {{"share", share_text(share)}, {"early", us_text(early_us)}, {"late", us_text(late_us)}});
  if (share < tolerance.agreeing) {
    // The first launch that disagrees, to show; and how the disagreeing ones are off.
    std::size_t first = 0;
    std::vector<double> excess_us;
    bool all_too_long = true;
    for (std::size_t i = 0; i < numbers.truth_us.size(); ++i) {
      if (!launch_agrees(numbers.reported_us[i], numbers.truth_us[i], tolerance)) {
        if (excess_us.empty()) {
          first = i;
        }
        const double excess = numbers.reported_us[i] - numbers.truth_us[i];
        excess_us.push_back(std::isfinite(excess) ? excess : 0.0);
        all_too_long = all_too_long && std::isfinite(excess) && excess > 0;
      }
    }
    const std::initializer_list<said_value> values = {
        {"share", share_text(share)},
        {"launch", std::to_string(first + 1)},
        {"reported", us_text(numbers.reported_us[first])},
        {"truth", us_text(numbers.truth_us[first])},
        {"kernel", us_text(numbers.kernel_us)}};
    if (agreeing_share(numbers, 1000.0, tolerance) >= tolerance.agreeing) {
      outcome.message = say("check.l03.burst-in-ms.message", values);
      outcome.hint = say("check.l03.burst-in-ms.hint");
      outcome.slip = "over-1000"; // the unit's words stay the why over the trace's findings
    } else if (agreeing_share(numbers, 1e-3, tolerance) >= tolerance.agreeing) {
      outcome.message = say("check.l03.burst-in-ns.message", values);
      outcome.hint = say("check.l03.burst-in-ns.hint");
      outcome.slip = "times-1000";
    } else if (all_too_long && median(excess_us) >= tolerance.waiting * numbers.kernel_us) {
      // Each disagreeing time holds about a run of the work: the function waited for the GPU
      // between its clock reads.
      outcome.message = say("check.l03.burst-waited.message", values);
      outcome.hint = say("check.l03.burst-waited.hint");
    } else {
      outcome.message = say("check.l03.burst-off.message", values);
      outcome.hint = say("check.l03.burst-off.hint");
      // Longer than the checker's own reads, in a few launches only: a slow host can do this.
      outcome.noise_could_explain = all_too_long && share >= 0.5;
    }
    return outcome;
  }
  if (late_us < tolerance.waiting * numbers.kernel_us) {
    outcome.message = say("check.l03.burst-no-queue.message",
                          {{"late", us_text(late_us)}, {"kernel", us_text(numbers.kernel_us)}});
    outcome.hint = say("check.l03.burst-no-queue.hint");
    return outcome;
  }
  outcome.passed = true;
  outcome.lesson_section.clear();
  return outcome;
}

} // namespace gpucheck
