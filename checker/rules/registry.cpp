// SPDX-License-Identifier: MIT
#include "rules/registry.hpp"

#include "rules/detail/rule_input.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace gpucheck::rules {
namespace {

constexpr std::array rules_table{
    rule_info{"unsynced-stop", severity::error,
              "a host clock stopped a timing while the timed GPU work was still running",
              "lessons/03-async/lesson.md#synchronize-before-you-stop-the-clock",
              detail::check_unsynced_stop},
    rule_info{"stale-queue", severity::error,
              "the timing started while earlier GPU work was still queued, and the stop waited "
              "for it",
              "lessons/04-two-sync-methods/lesson.md#the-device-sync-waits-for-earlier-work",
              detail::check_stale_queue},
    rule_info{"cold-start", severity::warning,
              "the timing includes context creation, module loading, a library handle's "
              "creation or a library's first call",
              "lessons/01-warmup/lesson.md#why-the-first-call-is-slow", detail::check_cold_start},
    rule_info{
        "event-stream-mismatch", severity::error,
        "the events were recorded on a stream that is not ordered with the timed work",
        "lessons/04-two-sync-methods/lesson.md#record-events-on-the-stream-that-carries-the-work",
        detail::check_event_stream_mismatch},
    rule_info{"event-not-complete", severity::error,
              "elapsed time was asked for before the stop event completed",
              "lessons/04-two-sync-methods/lesson.md#wait-for-the-stop-event",
              detail::check_event_not_complete},
    rule_info{"event-timing-disabled", severity::error,
              "elapsed time was asked for on events created without timing",
              "lessons/04-two-sync-methods/lesson.md#events-that-can-time",
              detail::check_event_timing_disabled},
    rule_info{"cpu-time-clock", severity::error,
              "GPU work was timed with a clock that counts CPU time",
              "lessons/04-two-sync-methods/lesson.md#method-1-a-host-clock-and-a-device-wide-sync",
              detail::check_cpu_time_clock},
    rule_info{"calendar-clock", severity::warning,
              "GPU work was timed with the calendar clock, and it moved against the monotonic "
              "clock while it measured",
              // Lesson 06 teaches the choice of a wall clock.
              "lessons/06-honest-benchmarking/lesson.md#choose-a-wall-clock",
              detail::check_calendar_clock},
    rule_info{"setup-in-region", severity::warning,
              "one-time setup (allocation, creating streams, events or handles) inside a timing",
              "lessons/01-warmup/lesson.md#warming-up-on-purpose", detail::check_setup_in_region},
    rule_info{"below-resolution", severity::warning,
              "one sample of GPU work shorter than one timing can resolve",
              // Lesson 08 teaches it by name (where the GPU stops being worth it).
              "lessons/08-launch-overhead/lesson.md#where-the-gpu-stops-being-worth-it",
              detail::check_below_resolution},
    rule_info{"sync-other-stream", severity::error,
              "the stop synchronized a stream other than the one carrying the timed work",
              // Lesson 05 teaches the waits of several streams, and this one by name.
              "lessons/05-streams/lesson.md#synchronize-the-stream-that-carries-the-work",
              detail::check_sync_other_stream},
    rule_info{"event-order", severity::error,
              "the events were recorded in an order that leaves the timed work outside them",
              "lessons/04-two-sync-methods/lesson.md#method-2-cuda-events",
              detail::check_event_order},
    rule_info{"returned-value", severity::error,
              "the function returned a different number from the one its own timing measured",
              "lessons/04-two-sync-methods/lesson.md#your-task", detail::check_returned_value,
              true},
    rule_info{"host-gap", severity::warning,
              "the timing includes host time outside any CUDA call while the GPU ran nothing",
              "lessons/04-two-sync-methods/lesson.md#method-1-a-host-clock-and-a-device-wide-sync",
              detail::check_host_gap},
    rule_info{"submission-only", severity::note,
              "an interval marked as timing only the submission of GPU work",
              "lessons/03-async/lesson.md#a-launch-returns-before-the-work-is-done",
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
  if (rule != nullptr) {
    result.level = rule->level;
    result.lesson = std::string(rule->lesson);
  }
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
    const double measured_ms = static_cast<double>(facts.interval.measured_ns) * 1e-6;
    if (std::abs(measured_ms - reported_ms) <= std::max(1e-6, 1e-3 * reported_ms))
      returned.push_back(&facts.interval);
  }
  return returned;
}

} // namespace detail
} // namespace gpucheck::rules
