// SPDX-License-Identifier: MIT
// below-resolution: the interval timed one sample of GPU work shorter than one timing can resolve
// (options.resolution_ns, about 10 us): launch and synchronization overhead and timer granularity
// are then a large part of the number. Only for intervals that timed the work otherwise correctly
// (the stop waited for it; the events bracket it), so other rules' findings are not repeated.
// Effect: the difference between what was measured and the work's GPU time.
#include "messages/messages.hpp"
#include "rules/detail/event_ordering.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <cstdlib>

namespace gpucheck::rules::detail {
namespace {

bool timed_correctly(const rule_input& input, const interval_facts& facts) {
  if (facts.interval.how == timed_interval::method::host_clock) {
    return analyze_stop(input, facts).what == stop_analysis::verdict::synced;
  }
  const trace::api_call* start =
      input.index.by_correlation(facts.interval.start_record_correlation);
  const trace::api_call* stop = input.index.by_correlation(facts.interval.stop_record_correlation);
  if (start == nullptr || stop == nullptr)
    return false;
  const stream_ref start_stream = input.index.stream_of(*start);
  const stream_ref stop_stream = input.index.stream_of(*stop);
  for (const trace::gpu_activity* work : facts.work) {
    // Not ordered with the events, and no fork or join (cudaStreamWaitEvent) orders it either.
    const bool outside_start =
        input.index.ordered_with(start_stream, work->stream_id) == coverage::no &&
        !ordered_after(input, *start, start_stream, *work);
    const bool outside_stop =
        input.index.ordered_with(stop_stream, work->stream_id) == coverage::no &&
        !ordered_before(input, *stop, stop_stream, *work);
    if (outside_start || outside_stop)
      return false;
  }
  return true;
}

} // namespace

std::vector<finding> check_below_resolution(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.marked_intended || facts.work.empty())
      continue;
    const trace::time_ns truth_ns = facts.truth_ns();
    if (truth_ns >= input.options.resolution_ns || !timed_correctly(input, facts))
      continue;
    const trace::time_ns effect_ns = std::llabs(interval.measured_ns - truth_ns);
    std::string message = messages::text(
        "below-resolution.why", {{"truth", format_duration(truth_ns)},
                                 {"resolution", format_duration(input.options.resolution_ns)},
                                 {"measured", format_duration(interval.measured_ns)}});
    std::string hint = messages::text("below-resolution.fix");
    findings.push_back(make_finding("below-resolution", interval, effect_ns, truth_ns,
                                    std::move(message), std::move(hint)));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
