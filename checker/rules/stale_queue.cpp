// SPDX-License-Identifier: MIT
// stale-queue: the timing started while GPU work launched before it was still queued or running,
// and a wait inside the interval (a device-wide sync, or a sync of the stream that work was on)
// waited for it, so the measured time includes it. Effect: how long that earlier work ran inside
// the interval (the union of its overlap with the interval). When all of that work ran on other
// streams than the interval's own work, the fix is a narrower wait, not an earlier one.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

namespace gpucheck::rules::detail {

std::vector<finding> check_stale_queue(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    const stale_wait stale = find_stale_wait(input, facts);
    // A wait on a stream the timed work never ran on is sync-other-stream's to report.
    if (stale.wait == nullptr || stale.on_other_stream ||
        !is_material(stale.effect_ns, interval.measured_ns, input.options))
      continue;
    // Earlier work on other streams only: waiting for it before the start would be as wrong as
    // waiting for it at the stop; the wait should have been for the work's own stream.
    const bool other_streams = stale.from_other_streams;
    std::string message =
        messages::text(other_streams ? "stale-queue.why-other-streams" : "stale-queue.why",
                       {{"effect", format_duration(stale.effect_ns)},
                        {"percent", format_percent(stale.effect_ns, interval.measured_ns)},
                        {"measured", format_duration(interval.measured_ns)},
                        {"call", stale.wait->call->name}});
    std::string hint =
        messages::text(other_streams ? "stale-queue.fix-other-streams" : "stale-queue.fix");
    finding found = make_finding("stale-queue", interval, stale.effect_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    found.blamed_site = stale.wait->call->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
