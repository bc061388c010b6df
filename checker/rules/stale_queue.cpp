// SPDX-License-Identifier: MIT
// stale-queue: the timing started while GPU work launched before it was still queued or running,
// and a wait inside the interval (a device-wide sync, or a sync of the stream that work was on)
// waited for it, so the measured time includes it. Effect: how long that earlier work ran inside
// the interval (the union of its overlap with the interval).
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {
namespace {

// The first wait in the interval that waited for `work`, or nullptr.
const host_wait* wait_for(const rule_input& input, const interval_facts& facts,
                          const trace::gpu_activity& work) {
  for (const host_wait* wait : facts.waits) {
    if (input.index.covers(*wait, work) == coverage::yes)
      return wait;
  }
  return nullptr;
}

} // namespace

std::vector<finding> check_stale_queue(const rule_input& input) {
  std::vector<finding> findings;
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (interval.how != timed_interval::method::host_clock || facts.waits.empty())
      continue;
    std::vector<std::pair<trace::time_ns, trace::time_ns>> overlaps;
    const host_wait* waited = nullptr;
    for (const trace::gpu_activity& work : input.trace().activity) {
      if (work.start_ns >= interval.stop_ns || work.end_ns <= interval.start_ns)
        continue;
      const trace::api_call* launch = input.index.launch_of(work);
      if (launch == nullptr || launch->start_ns >= interval.start_ns)
        continue;
      const host_wait* wait = wait_for(input, facts, work);
      if (wait == nullptr)
        continue;
      waited = waited == nullptr ? wait : waited;
      overlaps.emplace_back(std::max(work.start_ns, interval.start_ns),
                            std::min(work.end_ns, interval.stop_ns));
    }
    const trace::time_ns effect_ns = union_length_ns(std::move(overlaps));
    if (waited == nullptr || !is_material(effect_ns, interval.measured_ns, input.options))
      continue;
    std::string message = messages::text(
        "stale-queue.why", {{"effect", format_duration(effect_ns)},
                            {"percent", format_percent(effect_ns, interval.measured_ns)},
                            {"measured", format_duration(interval.measured_ns)},
                            {"call", waited->call->name}});
    std::string hint = messages::text("stale-queue.fix");
    finding found = make_finding("stale-queue", interval, effect_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    found.blamed_site = waited->call->site;
    findings.push_back(std::move(found));
  }
  return findings;
}

} // namespace gpucheck::rules::detail
