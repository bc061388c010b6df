// SPDX-License-Identifier: MIT
// event-timing-disabled: cudaEventElapsedTime failed because one of its events was created with
// cudaEventDisableTiming (flags from the creating api record); the program got no time.
#include "messages/messages.hpp"
#include "rules/api_names.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

namespace gpucheck::rules::detail {

std::vector<finding> check_event_timing_disabled(const rule_input& input) {
  std::vector<finding> findings;
  for (const trace::api_call& call : input.trace().api) {
    if (!call.from_program() || !is_elapsed_time(call.name) || call.result == cuda_success ||
        !call.event || !call.event_end || !input.in_window(call)) {
      continue;
    }
    auto disabled = [&](trace::handle event) {
      const std::optional<unsigned> flags = input.index.event_flags(event, call.start_ns);
      return flags && (*flags & cuda_event_disable_timing) != 0;
    };
    const bool start_disabled = disabled(*call.event);
    const bool stop_disabled = disabled(*call.event_end);
    if (!start_disabled && !stop_disabled)
      continue;
    timed_interval interval;
    interval.how = timed_interval::method::events;
    interval.tid = call.tid;
    interval.start_event = *call.event;
    interval.stop_event = *call.event_end;
    interval.elapsed_correlation = call.correlation;
    interval.stop_ns = call.start_ns;
    interval.start_ns = call.start_ns;
    if (const trace::api_call* start = input.index.latest_record(*call.event, call.start_ns)) {
      interval.start_ns = start->start_ns;
      interval.start_site = start->site;
      interval.start_record_correlation = start->correlation;
    }
    if (const trace::api_call* stop = input.index.latest_record(*call.event_end, call.start_ns)) {
      interval.stop_site = stop->site;
      interval.stop_record_correlation = stop->correlation;
      interval.stop_record_ns = stop->end_ns;
    }
    const char* which = start_disabled && stop_disabled ? "event-timing-disabled.both"
                        : start_disabled                ? "event-timing-disabled.start"
                                                        : "event-timing-disabled.stop";
    std::string message =
        messages::text("event-timing-disabled.why",
                       {{"error", std::to_string(call.result)}, {"which", messages::text(which)}});
    std::string hint = messages::text("event-timing-disabled.fix");
    finding found =
        make_finding("event-timing-disabled", interval, 0, 0, std::move(message), std::move(hint));
    found.blamed_site = call.site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
