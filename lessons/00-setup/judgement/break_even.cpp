// SPDX-License-Identifier: MIT
#include "judgement/break_even.hpp"

#include "checkapi/random_draw.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace gpucheck {

namespace {

// Equal within `elements` (a prediction may be rounded to a whole element) or a millionth.
bool same_prediction(double reported, double truth, double elements = 1.0) {
  if (std::isinf(truth) || std::isinf(reported)) {
    return std::isinf(truth) && std::isinf(reported) && reported > 0;
  }
  return std::abs(reported - truth) <= std::max(elements, 1e-6 * std::abs(truth));
}

std::string format_elements(double n) {
  if (std::isinf(n) && n > 0) {
    return say("check.l00.elements.never");
  }
  char text[64];
  const bool whole = std::abs(n) >= 100 && std::abs(n) < 1e15; // else show its digits
  std::snprintf(text, sizeof text, whole ? "%.0f" : "%.3g", n);
  return say("check.l00.elements.count", {{"count", text}});
}

std::string describe(const break_even_costs& costs) {
  char text[160];
  std::snprintf(text, sizeof text, "cpu_ns_per_element %.3g, gpu_fixed_ms %.3g, copy_gb_per_s %.3g",
                costs.cpu_ns_per_element, costs.gpu_fixed_ms, costs.copy_gb_per_s);
  return text;
}

// A slip that every wrong prediction matches, in words; "" when none does.
std::string slip_in_predictions(const std::vector<break_even_costs>& draws,
                                const std::vector<double>& predictions) {
  const auto all_match = [&](double bytes_per_element, double fixed_ns_per_ms) {
    for (std::size_t i = 0; i < draws.size(); ++i) {
      const double slipped = model_break_even(draws[i], bytes_per_element, fixed_ns_per_ms);
      // Rounding to a whole element is fine, except where the slip makes the answer that small.
      const double elements = std::abs(slipped) >= 100 ? 1.0 : 0.0;
      if (!same_prediction(predictions[i], slipped, elements)) {
        return false;
      }
    }
    return true;
  };
  for (const double bytes : {4.0, 8.0, 16.0, 24.0}) {
    if (all_match(bytes, 1e6)) {
      return say("check.l00.break-even.slip-bytes",
                 {{"bytes", std::to_string(static_cast<int>(bytes))}});
    }
  }
  for (const double scale : {1.0, 1e3, 1e9}) {
    if (all_match(12, scale)) {
      return say("check.l00.break-even.slip-unit", {{"factor", scale == 1.0   ? "1e-6"
                                                               : scale == 1e3 ? "1e-3"
                                                                              : "1e3"}});
    }
  }
  if (all_match(0, 1e6)) {
    return say("check.l00.break-even.slip-no-copies");
  }
  // gpu_fixed_ms is the whole job's fixed cost; charged once per copy (the two in, or all three),
  // it is counted n times (issue 42's fixed cost counted n times).
  for (const int copies : {2, 3}) {
    if (all_match(12, copies * 1e6)) {
      return say("check.l00.break-even.slip-fixed-per-copy", {{"copies", std::to_string(copies)}});
    }
  }
  return "";
}

} // namespace

double model_break_even(const break_even_costs& costs, double bytes_per_element,
                        double fixed_ns_per_ms) {
  const double saved_ns = costs.cpu_ns_per_element - bytes_per_element / costs.copy_gb_per_s;
  return saved_ns > 0 ? costs.gpu_fixed_ms * fixed_ns_per_ms / saved_ns
                      : std::numeric_limits<double>::infinity();
}

std::vector<break_even_costs> draw_break_even_costs() {
  std::vector<break_even_costs> draws;
  for (int i = 0; i < 8; ++i) {
    break_even_costs costs;
    costs.cpu_ns_per_element = random_between(0.3, 2.0);
    costs.gpu_fixed_ms = random_between(0.005, 0.2);
    costs.copy_gb_per_s = random_between(3.0, 60.0);
    const double even_gb_per_s = 12 / costs.cpu_ns_per_element; // copies as slow as the CPU
    if (i == 0) { // copies 1.5 to 2.5 times faster per element than the CPU: a break-even
      costs.copy_gb_per_s = std::min(60.0, even_gb_per_s * random_between(1.5, 2.5));
    } else if (i == 1) { // copies slower per element than the CPU: none
      costs.copy_gb_per_s = even_gb_per_s * random_between(0.5, 0.9);
    }
    draws.push_back(costs);
  }
  return draws;
}

check_outcome judge_break_even(const std::vector<break_even_costs>& draws,
                               const std::vector<double>& predictions, const std::string& section) {
  std::size_t first_wrong = draws.size();
  for (std::size_t i = 0; i < draws.size() && first_wrong == draws.size(); ++i) {
    if (!same_prediction(predictions[i], model_break_even(draws[i]))) {
      first_wrong = i;
    }
  }
  check_outcome outcome;
  outcome.passed = first_wrong == draws.size();
  const std::size_t shown = outcome.passed ? 0 : first_wrong;
  outcome.expected = say("check.l00.break-even.expected",
                         {{"elements", format_elements(model_break_even(draws[shown]))},
                          {"costs", describe(draws[shown])}});
  outcome.measured = format_elements(predictions[shown]);
  if (outcome.passed) {
    return outcome;
  }
  const std::string slip = slip_in_predictions(draws, predictions);
  const bool never = std::isinf(model_break_even(draws[shown]));
  if (!slip.empty()) {
    outcome.message = slip;
  } else if (never) {
    outcome.message =
        say("check.l00.break-even.never", {{"returned", format_elements(predictions[shown])}});
  } else {
    outcome.message = say("check.l00.break-even.wrong",
                          {{"reported", format_elements(predictions[shown])},
                           {"model", format_elements(model_break_even(draws[shown]))}});
  }
  outcome.hint =
      never ? say("check.l00.break-even.never-hint") : say("check.l00.break-even.wrong-hint");
  outcome.lesson_section = section;
  return outcome;
}

} // namespace gpucheck
