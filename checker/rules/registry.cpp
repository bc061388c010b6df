// SPDX-License-Identifier: MIT
#include "rules/registry.hpp"

#include "rules/detail/rule_input.hpp"
#include "rules/detail/run_count.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace gpucheck::rules {
namespace {

constexpr std::array rules_table{
    rule_info{"unsynced-stop", severity::error,
              "a host clock stopped a timing while the timed GPU work was still running",
              detail::check_unsynced_stop},
    rule_info{"stale-queue", severity::error,
              "the timing started while earlier GPU work was still queued, and the stop waited "
              "for it",
              detail::check_stale_queue},
    rule_info{"cold-start", severity::warning,
              "the timing includes context creation, module loading, a library handle's "
              "creation or a library's first call",
              detail::check_cold_start},
    rule_info{"event-stream-mismatch", severity::error,
              "the events were recorded on a stream that is not ordered with the timed work",
              detail::check_event_stream_mismatch},
    rule_info{"event-not-complete", severity::error,
              "elapsed time was asked for before the stop event completed",
              detail::check_event_not_complete},
    rule_info{"event-timing-disabled", severity::error,
              "elapsed time was asked for on events created without timing",
              detail::check_event_timing_disabled},
    rule_info{"cpu-time-clock", severity::error,
              "GPU work was timed with a clock that counts CPU time", detail::check_cpu_time_clock},
    rule_info{"calendar-clock", severity::warning,
              "GPU work was timed with the calendar clock, and it moved against the monotonic "
              "clock while it measured",
              detail::check_calendar_clock},
    rule_info{"setup-in-region", severity::warning,
              "one-time setup (allocation, creating streams, events or handles) inside a timing",
              detail::check_setup_in_region},
    rule_info{"below-resolution", severity::warning,
              "one sample of GPU work shorter than one timing can resolve",
              detail::check_below_resolution},
    rule_info{"sync-other-stream", severity::error,
              "the stop synchronized a stream other than the one carrying the timed work",
              detail::check_sync_other_stream},
    rule_info{"event-order", severity::error,
              "the events were recorded in an order that leaves the timed work outside them",
              detail::check_event_order},
    rule_info{"returned-value", severity::error,
              "the function returned a different number from the one its own timing measured",
              detail::check_returned_value, true},
    rule_info{"host-gap", severity::warning,
              "the timing includes host time outside any CUDA call while the GPU ran nothing",
              detail::check_host_gap},
    rule_info{"submission-only", severity::note,
              "an interval marked as timing only the submission of GPU work",
              detail::describe_submission_only},
};

} // namespace

std::span<const rule_info> all_rules() {
  return rules_table;
}

const rule_info* find_rule(std::string_view id) {
  for (const rule_info& rule : rules_table) {
    if (rule.id == id)
      return &rule;
  }
  return nullptr;
}

namespace detail {

finding make_finding(std::string_view rule_id, const timed_interval& interval,
                     trace::time_ns effect_ns, trace::time_ns truth_ns, std::string message,
                     std::string hint) {
  const rule_info* rule = find_rule(rule_id);
  finding result;
  result.rule = std::string(rule_id);
  if (rule != nullptr)
    result.level = rule->level;
  result.interval = interval;
  result.message = std::move(message);
  result.hint = std::move(hint);
  result.effect_ns = effect_ns;
  result.truth_ns = truth_ns;
  return result;
}

std::vector<const timed_interval*> returned_intervals(const rule_input& input) {
  std::vector<const timed_interval*> returned;
  if (!input.options.window)
    return returned;
  const double reported_ms = input.options.window->reported_ms;
  if (!(reported_ms > 0))
    return returned;
  for (const interval_facts& facts : input.intervals) {
    // One run's time: the interval over the runs it holds, exactly (run_count.hpp); an interval
    // of two runs that measured the number is one run more than it was divided by, not the number.
    if (input.options.window->per_run) {
      if (divided_exactly(reported_ms, measured_ms_of(input.index, facts.interval),
                          runs_in(input.index, facts)))
        returned.push_back(&facts.interval);
      continue;
    }
    const double measured_ms = static_cast<double>(facts.interval.measured_ns) * 1e-6;
    if (std::abs(measured_ms - reported_ms) <= std::max(1e-6, 1e-3 * reported_ms))
      returned.push_back(&facts.interval);
  }
  return returned;
}

} // namespace detail
} // namespace gpucheck::rules
