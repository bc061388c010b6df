// SPDX-License-Identifier: MIT
// How much of an interval host-side calls added to the measured number.
#pragma once

#include "rules/detail/interval_facts.hpp"

#include <algorithm>
#include <vector>

namespace gpucheck::rules::detail {

// Calls that took `calls_ns` of host time in the interval changed the measured number by at most
// that, and by no more than what was measured beyond the GPU's busy time (time the GPU spent
// running the work anyway hides the host's calls made meanwhile).
inline trace::time_ns added_by_calls_ns(const interval_facts& facts, trace::time_ns calls_ns) {
  const trace::time_ns beyond_gpu_ns =
      std::max<trace::time_ns>(0, facts.interval.measured_ns - facts.busy_ns);
  return std::min(calls_ns, beyond_gpu_ns);
}

inline trace::time_ns union_of_calls_ns(const std::vector<const trace::api_call*>& calls) {
  std::vector<std::pair<trace::time_ns, trace::time_ns>> ranges;
  for (const trace::api_call* call : calls)
    ranges.emplace_back(call->start_ns, call->end_ns);
  return union_length_ns(std::move(ranges));
}

} // namespace gpucheck::rules::detail
