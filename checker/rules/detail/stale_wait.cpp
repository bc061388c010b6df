// SPDX-License-Identifier: MIT
// The earlier work that a wait inside a host-clock interval held the clock for (stale-queue), and
// whether that wait was on a stream that carries none of the interval's own work
// (sync-other-stream): one analysis, so that the two rules never report the same wait twice.
#include "rules/detail/rule_input.hpp"

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

bool misses_all(const rule_input& input, const host_wait& wait,
                const std::vector<const trace::gpu_activity*>& work) {
  return std::all_of(work.begin(), work.end(), [&](const trace::gpu_activity* own) {
    return input.index.covers(wait, *own) == coverage::no;
  });
}

} // namespace

stale_wait find_stale_wait(const rule_input& input, const interval_facts& facts) {
  stale_wait found;
  const timed_interval& interval = facts.interval;
  if (interval.how != timed_interval::method::host_clock || facts.waits.empty())
    return found;
  std::vector<std::pair<trace::time_ns, trace::time_ns>> overlaps;
  found.from_other_streams = !facts.work.empty();
  const index_range overlapping =
      input.index.work_times().overlapping(interval.start_ns, interval.stop_ns);
  for (std::size_t i = overlapping.first; i < overlapping.last; ++i) {
    const trace::gpu_activity& work = input.trace().activity[i];
    if (work.start_ns >= interval.stop_ns || work.end_ns <= interval.start_ns)
      continue;
    const trace::api_call* launch = input.index.launch_of(work);
    if (launch == nullptr || launch->start_ns >= interval.start_ns)
      continue;
    const host_wait* wait = wait_for(input, facts, work);
    if (wait == nullptr)
      continue;
    found.wait = found.wait == nullptr ? wait : found.wait;
    if (std::any_of(facts.work.begin(), facts.work.end(), [&](const trace::gpu_activity* own) {
          return own->stream_id == work.stream_id;
        }))
      found.from_other_streams = false;
    overlaps.emplace_back(std::max(work.start_ns, interval.start_ns),
                          std::min(work.end_ns, interval.stop_ns));
  }
  found.effect_ns = union_length_ns(std::move(overlaps));
  found.from_other_streams = found.from_other_streams && found.wait != nullptr;
  if (found.wait != nullptr && found.wait->what == host_wait::scope::stream &&
      !facts.work.empty() && misses_all(input, *found.wait, facts.work)) {
    found.on_other_stream = true;
    found.work_stream = input.index.stream_of(*facts.work.back());
  }
  return found;
}

} // namespace gpucheck::rules::detail
