// SPDX-License-Identifier: MIT
// What every rule function receives, the rule functions themselves (one per file in rules/), and
// the helpers they share to build findings.
#pragma once

#include "rules/detail/interval_facts.hpp"
#include "rules/detail/trace_index.hpp"
#include "rules/finding.hpp"
#include "rules/registry.hpp"
#include "rules/rule_options.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpucheck::rules::detail {

struct rule_input {
  const trace_index& index;
  const std::vector<interval_facts>& intervals;
  const rule_options& options;
  const trace::run_trace& trace() const { return index.trace(); }
  // Whether a call counts: always in lint; in a lesson, only the student's calls in the window.
  bool in_window(const trace::api_call& call) const {
    return !options.window ||
           (call.tid == options.window->tid && options.window->contains(call.start_ns));
  }
};

using rule_function = rule_check;

std::vector<finding> check_unsynced_stop(const rule_input& input);
std::vector<finding> check_stale_queue(const rule_input& input);
std::vector<finding> check_cold_start(const rule_input& input);
std::vector<finding> check_event_stream_mismatch(const rule_input& input);
std::vector<finding> check_event_not_complete(const rule_input& input);
std::vector<finding> check_event_timing_disabled(const rule_input& input);
std::vector<finding> check_cpu_time_clock(const rule_input& input);
std::vector<finding> check_calendar_clock(const rule_input& input);
std::vector<finding> check_setup_in_region(const rule_input& input);
std::vector<finding> check_below_resolution(const rule_input& input);
std::vector<finding> check_sync_other_stream(const rule_input& input);
std::vector<finding> check_event_order(const rule_input& input);
std::vector<finding> check_returned_value(const rule_input& input);
std::vector<finding> check_host_gap(const rule_input& input);
std::vector<finding> describe_submission_only(const rule_input& input);
std::vector<finding> describe_calendar_clock(const rule_input& input);

// A finding of rule `rule_id` (severity and lesson from the registry) about `interval`.
finding make_finding(std::string_view rule_id, const timed_interval& interval,
                     trace::time_ns effect_ns, trace::time_ns truth_ns, std::string message,
                     std::string hint);

// In a lesson's call, the intervals whose measurement is the number the function returned (the
// longest of several, the real run after a warm-up one; for a per-run number, an interval over
// the runs it holds); empty in lint, when no number was returned, or when none measured it.
std::vector<const timed_interval*> returned_intervals(const rule_input& input);

// The calls of an interval that did one-time start-up work: the calls in which the context was
// created or a module loaded, and library handle creations (cold-start reports them;
// setup-in-region leaves them out). `what`, when given, gets one description per call.
std::vector<const trace::api_call*> cold_calls(const rule_input& input, const interval_facts& facts,
                                               std::vector<std::string>* what);

// How a host-clock interval's stop relates to the work launched in it.
struct stop_analysis {
  enum class verdict {
    synced,       // all work launched in the interval had finished when the clock was read
    unsynced,     // some had not, and no wait in the interval was for another stream
    other_stream, // some had not, and the interval waited on a stream or event that was not it
  } what = verdict::synced;
  trace::time_ns late_ns = 0;            // last end of the work minus the stop read
  const host_wait* wrong_wait = nullptr; // other_stream: the last wait, which missed the work
  stream_ref work_stream;                // other_stream: where the work that was missed ran
};
stop_analysis analyze_stop(const rule_input& input, const interval_facts& facts);

// Earlier work (launched before a host-clock interval started) that a wait inside the interval
// waited for, so that the interval holds it.
struct stale_wait {
  const host_wait* wait = nullptr; // the first wait in the interval that waited for such work
  trace::time_ns effect_ns = 0;    // how long that earlier work ran inside the interval (union)
  // The wait was on one stream that carries none of the interval's own work: the mistake is the
  // stream waited on (sync-other-stream), not when the clock started (stale-queue).
  bool on_other_stream = false;
  stream_ref work_stream; // on_other_stream: where the interval's own work ran
  // Every piece of that earlier work ran on a stream none of the interval's own work ran on: a
  // device-wide wait held the clock for other streams (their work need not end before a start).
  bool from_other_streams = false;
};
stale_wait find_stale_wait(const rule_input& input, const interval_facts& facts);

} // namespace gpucheck::rules::detail
