// SPDX-License-Identifier: MIT
#include "checkapi/number_slip.hpp"

#include "checkapi/say.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpucheck {
namespace {

// How much longer than the call a correct number may read. Event times come from the GPU's
// clock and host times from the host's; the two rates differ by parts per million, and an event
// timestamp is good to about 1 us. 1% and 20 us are far above both, and far below any slip.
constexpr double call_relative_margin = 0.01;
constexpr double call_absolute_margin_ms = 0.02;

bool longer_than_call(const timed_call& call) {
  return call.reported_ms > call.call_ms * (1.0 + call_relative_margin) + call_absolute_margin_ms;
}

bool reads_right_when_scaled(const timed_call& call, double to_ms, time_tolerance tolerance) {
  return judge_time(call.reported_ms * to_ms, call.truth_ms, tolerance) == time_verdict::accurate;
}

bool is_unit_slip(number_slip slip) {
  return slip == number_slip::in_microseconds || slip == number_slip::in_nanoseconds ||
         slip == number_slip::in_seconds;
}

// A plain number, as the function returned it: it is not milliseconds, so no unit is printed.
std::string format_number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.7g", value);
  return text;
}

} // namespace

number_slip find_number_slip(const timed_call& call, time_tolerance tolerance) {
  if (judge_time(call.reported_ms, call.truth_ms, tolerance) == time_verdict::accurate) {
    return number_slip::none;
  }
  if (reads_right_when_scaled(call, 1e-3, tolerance)) {
    return number_slip::in_microseconds;
  }
  if (reads_right_when_scaled(call, 1e-6, tolerance)) {
    return number_slip::in_nanoseconds;
  }
  if (reads_right_when_scaled(call, 1e3, tolerance)) {
    return number_slip::in_seconds;
  }
  return longer_than_call(call) ? number_slip::longer_than_the_call : number_slip::none;
}

std::string unit_that_fits(double reported_ms, double low_ms, double high_ms) {
  const auto inside = [&](double ms) { return ms >= low_ms && ms <= high_ms; };
  if (inside(reported_ms))
    return "";
  const slip_result slip = power_of_1000_slip(
      reported_ms, 1.0, [&](double factor) { return inside(reported_ms / factor); });
  return slip.kind == slip_kind::times_1000      ? "microseconds"
         : slip.kind == slip_kind::times_million ? "nanoseconds"
         : slip.kind == slip_kind::over_1000     ? "seconds"
                                                 : "";
}

std::string unit_slip_message(double reported_ms, const std::string& unit,
                              const std::string& what_it_fits) {
  const double scale = unit == "microseconds" ? 1e-3 : unit == "nanoseconds" ? 1e-6 : 1e3;
  // unit_that_fits()'s names, in the student's language.
  const std::string unit_word = unit == "microseconds"  ? say("check.api.unit.microseconds")
                                : unit == "nanoseconds" ? say("check.api.unit.nanoseconds")
                                : unit == "seconds"     ? say("check.api.unit.seconds")
                                                        : unit;
  return say("check.api.unit-slip.message", {{"returned", format_number(reported_ms)},
                                             {"unit", unit_word},
                                             {"as_unit", format_ms(reported_ms * scale)},
                                             {"what_it_fits", what_it_fits}});
}

namespace {

slip_question time_question(const timed_call& call, time_tolerance tolerance, int runs) {
  slip_question q;
  q.returned = call.reported_ms;
  q.truth = call.truth_ms;
  q.relative = tolerance.relative;
  q.absolute = tolerance.absolute_ms;
  q.whole_unit = 1; // [ms]
  q.runs = runs;
  return q;
}

} // namespace

slip_finding common_number_slip(const std::vector<timed_call>& calls, time_tolerance tolerance,
                                int runs) {
  std::vector<number_slip> slips;
  for (const timed_call& call : calls) {
    slips.push_back(find_number_slip(call, tolerance));
  }
  if (!slips.empty() && is_unit_slip(slips.front()) &&
      std::all_of(slips.begin(), slips.end(), [&](number_slip s) { return s == slips.front(); })) {
    return {slips.front(), calls.front(), {}};
  }
  // Any other exact relation that every wrong call shows.
  std::vector<slip_result> relations;
  for (const timed_call& call : calls)
    relations.push_back(find_slip(time_question(call, tolerance, runs)));
  const slip_result relation = common_slip(relations);
  if (relation.kind != slip_kind::none) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (relations[i].right || relations[i].kind == slip_kind::none)
        continue; // the shown call is one whose number is the slip's, not a 0 beside it
      slip_result shown = relations[i];
      shown.kind = relation.kind; // the family's name that every call allows
      return {number_slip::relation, calls[i], shown};
    }
  }
  // A call that read longer than itself, in microseconds or not, cannot have measured the work.
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (slips[i] != number_slip::none && longer_than_call(calls[i])) {
      return {number_slip::longer_than_the_call, calls[i], {}};
    }
  }
  return {};
}

slip_advice advise_on_slip(const slip_finding& finding) {
  const timed_call& shown = finding.shown;
  const std::string returned = format_number(shown.reported_ms);
  const std::string truth = format_ms(shown.truth_ms);
  switch (finding.slip) {
  case number_slip::none:
    return {};
  case number_slip::in_microseconds:
    return {say("check.api.slip.microseconds.message", {{"returned", returned}, {"truth", truth}}),
            say("check.api.slip.unit.hint")};
  case number_slip::in_nanoseconds:
    return {say("check.api.slip.nanoseconds.message", {{"returned", returned}, {"truth", truth}}),
            say("check.api.slip.unit.hint")};
  case number_slip::in_seconds:
    return {say("check.api.slip.seconds.message", {{"returned", returned}, {"truth", truth}}),
            say("check.api.slip.unit.hint")};
  case number_slip::longer_than_the_call: {
    // Microseconds around a timing mistake (a queue timed along, say) match no unit exactly, but
    // read as milliseconds they would be at least the work and fit in the call: worth a question.
    const timed_call as_microseconds{shown.reported_ms * 1e-3, shown.truth_ms, shown.call_ms};
    const bool plausible_in_microseconds =
        !longer_than_call(as_microseconds) && as_microseconds.reported_ms >= 0.9 * shown.truth_ms;
    const std::string message = plausible_in_microseconds
                                    ? say("check.api.slip.longer-than-call-microseconds.message",
                                          {{"returned", returned},
                                           {"read_as", format_ms(shown.reported_ms)},
                                           {"call", format_ms(shown.call_ms)},
                                           {"truth", truth},
                                           {"as_ms", format_ms(as_microseconds.reported_ms)}})
                                    : say("check.api.slip.longer-than-call.message",
                                          {{"returned", returned},
                                           {"read_as", format_ms(shown.reported_ms)},
                                           {"call", format_ms(shown.call_ms)},
                                           {"truth", truth}});
    return {message, say("check.api.slip.longer-than-call.hint")};
  }
  case number_slip::relation: {
    const slip_words words =
        describe_slip(finding.relation, shown.reported_ms, shown.truth_ms, "ms", 0);
    return {words.message, words.hint};
  }
  }
  return {};
}

namespace {

std::string slip_name(const slip_finding& finding) {
  switch (finding.slip) {
  case number_slip::none:
    return "";
  case number_slip::in_microseconds:
    return slip_id(slip_kind::times_1000);
  case number_slip::in_nanoseconds:
    return slip_id(slip_kind::times_million);
  case number_slip::in_seconds:
    return slip_id(slip_kind::over_1000);
  case number_slip::longer_than_the_call:
    return "longer-than-call";
  case number_slip::relation:
    return slip_id(finding.relation.kind);
  }
  return "";
}

} // namespace

bool name_number_slip(check_outcome& outcome, const std::vector<timed_call>& calls,
                      time_tolerance tolerance, int runs) {
  if (outcome.passed) {
    return false;
  }
  const slip_finding slip = common_number_slip(calls, tolerance, runs);
  if (slip.slip == number_slip::none) {
    return false;
  }
  const slip_advice advice = advise_on_slip(slip);
  outcome.message = advice.message;
  outcome.hint = advice.hint;
  outcome.rule.clear();
  outcome.slip = slip_name(slip);
  // A factor near 1 (one run more: 10%) can be a loaded GPU's in every call: the message names it,
  // and the failure stays excusable as the verdicts made it.
  if (slip.slip != number_slip::relation || exact_relation(slip.relation.kind))
    outcome.noise_could_explain = false;
  outcome.says_only_how_far_off = false;
  return true;
}

} // namespace gpucheck
