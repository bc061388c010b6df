// SPDX-License-Identifier: MIT
#include "rules/detail/interval_facts.hpp"

#include <algorithm>
#include <limits>

namespace gpucheck::rules::detail {

using trace::time_ns;

time_ns union_length_ns(std::vector<std::pair<time_ns, time_ns>> ranges) {
  std::sort(ranges.begin(), ranges.end());
  time_ns total_ns = 0;
  time_ns covered_until_ns = std::numeric_limits<time_ns>::min();
  for (auto [start_ns, end_ns] : ranges) {
    start_ns = std::max(start_ns, covered_until_ns);
    if (end_ns > start_ns) {
      total_ns += end_ns - start_ns;
      covered_until_ns = end_ns;
    }
  }
  return total_ns;
}

interval_facts analyze_interval(const trace_index& index, const timed_interval& interval) {
  interval_facts facts;
  facts.interval = interval;
  facts.host_begin_ns = interval.start_ns;
  facts.host_end_ns =
      interval.how == timed_interval::method::events ? interval.stop_record_ns : interval.stop_ns;
  const auto inside = [&](const trace::api_call& call) {
    return call.tid == interval.tid && call.start_ns >= facts.host_begin_ns &&
           call.start_ns <= facts.host_end_ns;
  };
  const auto& api = index.trace().api;
  const index_range calls = index.api_times().starting_in(facts.host_begin_ns, facts.host_end_ns);
  for (std::size_t i = calls.first; i < calls.last; ++i) {
    if (inside(api[i]))
      facts.calls.push_back(&api[i]);
  }
  for (const host_wait& wait : index.waits()) {
    // An event interval's own records are not waits; a host-clock interval's wait must start in it.
    if (inside(*wait.call) && interval.how == timed_interval::method::host_clock) {
      facts.waits.push_back(&wait);
    }
  }
  std::vector<std::pair<time_ns, time_ns>> ranges;
  for (const std::size_t i : index.work_launched_in(facts.host_begin_ns, facts.host_end_ns)) {
    const trace::gpu_activity& work = index.trace().activity[i];
    const trace::api_call* launch = index.launch_of(work);
    if (launch == nullptr || !inside(*launch))
      continue;
    if (facts.work.empty()) {
      facts.first_start_ns = work.start_ns;
      facts.last_end_ns = work.end_ns;
    }
    facts.first_start_ns = std::min(facts.first_start_ns, work.start_ns);
    facts.last_end_ns = std::max(facts.last_end_ns, work.end_ns);
    facts.work.push_back(&work);
    ranges.emplace_back(work.start_ns, work.end_ns);
  }
  facts.busy_ns = union_length_ns(std::move(ranges));
  return facts;
}

} // namespace gpucheck::rules::detail
