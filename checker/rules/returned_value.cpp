// SPDX-License-Identifier: MIT
// returned-value (lesson checks only: it needs the number the function returned, which a trace
// does not hold): the student's function measured one time with its own clock reads or its own
// cudaEventElapsedTime, and returned another. The trace shows the measured value (the two reads'
// values, or the elapsed time the call gave), so the slip is named as a fact: whole milliseconds
// (a duration_cast that truncates, or rounding), another unit, the events or reads swapped, the sum
// of several intervals (one an iteration, where one around the loop was asked for), or a number
// that is none of these. Effect: how far the returned number is from the measured one.
// A number that is one run's time (call_window::per_run: an interval over the runs it holds, or a
// median of such samples) is held to an interval over its runs instead: the slip named there is a
// divisor one away from the runs the trace shows in the interval (a loop that ran once more than
// it divided by, or once fewer), and nothing is said of a number no interval divides into
// exactly (a median of two samples, say: the check judges it).
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/run_count.hpp"
#include "rules/detail/text.hpp"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

namespace gpucheck::rules::detail {
namespace {

bool near(double a, double b) {
  return std::abs(a - b) <= std::max(1e-6, 1e-3 * std::max(std::abs(a), std::abs(b)));
}

// The line that produced the number measured: the stop read, or the cudaEventElapsedTime call.
std::string site_of_number(const rule_input& input, const timed_interval& interval) {
  if (interval.how == timed_interval::method::events) {
    if (const trace::api_call* elapsed = input.index.by_correlation(interval.elapsed_correlation))
      return elapsed->site;
  }
  return interval.stop_site;
}

// Which slip turns `measured_ms` into `returned_ms`; empty when none is recognised.
std::string name_slip(double returned_ms, double measured_ms, bool events) {
  if (near(returned_ms, -measured_ms)) {
    return messages::text(events ? "returned-value.events-swapped"
                                 : "returned-value.clock-reads-swapped");
  }
  const bool floored = returned_ms == std::floor(measured_ms);
  const bool rounded = returned_ms == std::round(measured_ms);
  if (floored && rounded)
    return messages::text("returned-value.truncated-or-rounded");
  if (floored)
    return messages::text("returned-value.truncated");
  if (rounded)
    return messages::text("returned-value.rounded");
  if (near(returned_ms, measured_ms * 1e3) || returned_ms == std::floor(measured_ms * 1e3))
    return messages::text("returned-value.microseconds");
  if (near(returned_ms, measured_ms * 1e6) || returned_ms == std::floor(measured_ms * 1e6))
    return messages::text("returned-value.nanoseconds");
  if (near(returned_ms, measured_ms * 1e-3))
    return messages::text("returned-value.seconds");
  return "";
}

// A divisor one away from the runs an interval holds: returned x divisor = measured, exactly.
struct divisor_slip {
  const interval_facts* facts = nullptr;
  int runs = 0;
  int divisor = 0;
  double measured_ms = 0;
};

// The one divisor slip the call's intervals show: none when none fits, or when two intervals show
// different ones (one more here, one fewer there: the numbers do not decide).
std::optional<divisor_slip> find_divisor_slip(const rule_input& input) {
  const call_window& window = *input.options.window;
  std::vector<divisor_slip> found;
  for (const interval_facts& facts : input.intervals) {
    const int runs = runs_in(input.index, facts);
    const double measured_ms = measured_ms_of(input.index, facts.interval);
    if (runs < 1 || !(measured_ms > 0))
      continue;
    // The interval holds runs of the work the check asked one run of: its share per run is
    // within a factor of 2 of the truth (a cold warm-up batch, 3 times slower, is not the one).
    const double per_run_ms = measured_ms / runs;
    if (window.truth_ms > 0 &&
        (per_run_ms < window.truth_ms / 2 || per_run_ms > window.truth_ms * 2))
      continue;
    for (const int divisor : {runs - 1, runs + 1}) {
      if (divided_exactly(window.reported_ms, measured_ms, divisor))
        found.push_back({&facts, runs, divisor, measured_ms});
    }
  }
  if (found.empty())
    return std::nullopt;
  const bool more = found.front().divisor < found.front().runs;
  for (const divisor_slip& slip : found) {
    if ((slip.divisor < slip.runs) != more)
      return std::nullopt;
  }
  return found.front();
}

// A per-run number: the divisor slip, when one fits and moved the number materially (a run more
// in 200 is 0.5%, inside any check's tolerance: the check failed for another reason).
std::vector<finding> check_per_run_number(const rule_input& input) {
  std::vector<finding> findings;
  const std::optional<divisor_slip> slip = find_divisor_slip(input);
  if (!slip)
    return findings;
  const call_window& window = *input.options.window;
  const double right_ms = slip->measured_ms / slip->runs;
  const double off_ms = std::abs(window.reported_ms - right_ms);
  if (off_ms < input.options.min_effect_fraction * right_ms)
    return findings;
  const timed_interval& interval = slip->facts->interval;
  const bool events = interval.how == timed_interval::method::events;
  char returned[48];
  std::snprintf(returned, sizeof returned, "%.6g", window.reported_ms);
  char measured[48];
  std::snprintf(measured, sizeof measured, "%.6g ms", slip->measured_ms);
  const std::string divisor = std::to_string(slip->divisor);
  const std::string runs = std::to_string(slip->runs);
  const std::string words = messages::text(
      slip->divisor < slip->runs ? "returned-value.one-run-more" : "returned-value.one-run-fewer",
      {{"measured", measured}, {"divisor", divisor}, {"runs", runs}});
  std::string message =
      messages::text(events ? "returned-value.why-events" : "returned-value.why-clock",
                     {{"returned", returned},
                      {"measured", format_duration(interval.measured_ns)},
                      {"slip", words}});
  finding found = make_finding("returned-value", interval, std::llround(off_ms * 1e6),
                               std::llround(window.truth_ms * 1e6), std::move(message),
                               messages::text("returned-value.fix-runs"));
  found.blamed_site = site_of_number(input, interval);
  found.exact_slip = true; // returned x divisor = measured, exactly
  findings.push_back(std::move(found));
  return findings;
}

} // namespace

std::vector<finding> check_returned_value(const rule_input& input) {
  std::vector<finding> findings;
  if (!input.options.window || input.intervals.empty())
    return findings;
  const call_window& window = *input.options.window;
  // The function's own measurement: the last interval it timed (a warm-up timing may come first).
  const interval_facts* last = &input.intervals.front();
  for (const interval_facts& facts : input.intervals) {
    if (facts.interval.stop_ns >= last->interval.stop_ns)
      last = &facts;
  }
  const timed_interval& interval = last->interval;
  const bool events = interval.how == timed_interval::method::events;
  const double measured_ms = static_cast<double>(interval.measured_ns) * 1e-6;
  const double returned_ms = window.reported_ms;
  if (window.per_run) {
    if (!std::isfinite(returned_ms) || !returned_intervals(input).empty())
      return findings; // one interval over its runs is the number: no slip
    return check_per_run_number(input);
  }
  // A negative measurement is the measurement's own mistake (event-order: events swapped).
  if (!std::isfinite(returned_ms) || near(returned_ms, measured_ms) || measured_ms < 0)
    return findings;
  // The number returned is one the function measured, not the last (the longest of several
  // intervals, one of a warm-up and a real run): no slip between measuring and returning.
  if (!returned_intervals(input).empty())
    return findings;
  // The check failed and the function returned something else than it measured: even a rounding
  // of 0.1 ms in 3 ms is its cause then, so only differences below a microsecond are let go.
  const trace::time_ns off_ns = std::llround(std::abs(returned_ms - measured_ms) * 1e6);
  if (off_ns < 1000)
    return findings;
  // Several intervals in the call whose measurements add up to the number returned: one timing
  // an iteration, summed (a loop of launches timed one by one), where one around the whole loop was
  // asked for.
  double sum_ms = 0;
  for (const interval_facts& facts : input.intervals)
    sum_ms += static_cast<double>(facts.interval.measured_ns) * 1e-6;
  const bool summed =
      input.intervals.size() >= 2 && sum_ms > 0 && std::abs(returned_ms - sum_ms) <= 0.01 * sum_ms;
  const std::string slip = summed
                               ? messages::text("returned-value.sum-of-intervals",
                                                {{"count", std::to_string(input.intervals.size())}})
                               : name_slip(returned_ms, measured_ms, events);
  char returned[48];
  std::snprintf(returned, sizeof returned, "%.3f", returned_ms);
  std::string message = messages::text(
      events ? "returned-value.why-events" : "returned-value.why-clock",
      {{"returned", returned},
       {"measured", measured_ms < 0 ? "-" + format_duration(-interval.measured_ns)
                                    : format_duration(interval.measured_ns)},
       {"slip", slip.empty() ? messages::text("returned-value.other-number") : slip}});
  std::string hint = messages::text(summed         ? "returned-value.fix-sum"
                                    : slip.empty() ? "returned-value.fix"
                                    : events       ? "returned-value.fix-events"
                                                   : "returned-value.fix-clock");
  finding found =
      make_finding("returned-value", interval, off_ns, std::llround(window.truth_ms * 1e6),
                   std::move(message), std::move(hint));
  found.blamed_site = site_of_number(input, interval);
  found.exact_slip = !slip.empty(); // named: the sum, a unit, truncated, swapped
  findings.push_back(std::move(found));
  return findings;
}

} // namespace gpucheck::rules::detail
