// SPDX-License-Identifier: MIT
// What happened inside one timed interval: the GPU work launched in it, the calls made in it and
// the waits it contains. Computed once and shared by all rules.
#pragma once

#include "rules/detail/trace_index.hpp"
#include "rules/finding.hpp"

#include <vector>

namespace gpucheck::rules::detail {

struct interval_facts {
  timed_interval interval;
  // Host times between which a call counts as made "in" the interval: the two clock reads, or
  // from the start event's record to the return of the stop event's record.
  trace::time_ns host_begin_ns = 0;
  trace::time_ns host_end_ns = 0;
  // GPU work whose launching call (the program's, or a library's on its behalf) was made in the
  // interval by the interval's thread.
  std::vector<const trace::gpu_activity*> work;
  std::vector<const trace::api_call*> calls; // every api call of that thread in the interval
  std::vector<const host_wait*> waits;       // that thread's waits in the interval
  trace::time_ns first_start_ns = 0;         // of the work on the GPU
  trace::time_ns last_end_ns = 0;
  trace::time_ns busy_ns = 0; // the GPU was running some of this work for this long (union)

  // No GPU work and no synchronization: the interval timed CPU code only.
  bool cpu_only() const { return work.empty() && waits.empty(); }
  // The GPU time of the work: from the first start to the last end.
  trace::time_ns truth_ns() const { return work.empty() ? 0 : last_end_ns - first_start_ns; }
};

interval_facts analyze_interval(const trace_index& index, const timed_interval& interval);

// Length of the union of [start, end) ranges (any order; empty ranges ignored).
trace::time_ns union_length_ns(std::vector<std::pair<trace::time_ns, trace::time_ns>> ranges);

} // namespace gpucheck::rules::detail
