// SPDX-License-Identifier: MIT
// Where, in one of the trace's lists (api calls, clock reads, GPU work), the elements that touch a
// stretch of time lie: a range of indices that a rule scans instead of the whole list, once per
// timed interval. The range may hold other elements too (the caller tests each as before), never
// leaves one out, and keeps the list's order: a rule gives the same answer, in log time to find
// where to start. A list out of time order (a synthetic trace) gets ranges that are still exact.
#pragma once

#include "trace_model/trace.hpp"

#include <cstddef>
#include <vector>

namespace gpucheck::rules::detail {

struct index_range {
  std::size_t first = 0;
  std::size_t last = 0; // one past the end
};

class time_order {
public:
  time_order() = default;
  // The i-th element's start and end, for every element of the list, in its order.
  time_order(std::vector<trace::time_ns> starts, const std::vector<trace::time_ns>& ends);

  // Holds every element with start < end_ns and end > begin_ns.
  index_range overlapping(trace::time_ns begin_ns, trace::time_ns end_ns) const;
  // Holds every element that a scan in the list's order, stopping at the first element that
  // starts after end_ns, reaches with a start of at least begin_ns.
  index_range starting_in(trace::time_ns begin_ns, trace::time_ns end_ns) const;
  // Where a scan in the list's order that stops at the first element starting after end_ns stops.
  std::size_t scan_stop(trace::time_ns end_ns) const;

private:
  std::vector<trace::time_ns> m_starts;
  std::vector<trace::time_ns> m_latest_start_up_to; // the latest start of elements 0..i
  std::vector<trace::time_ns> m_latest_end_up_to;   // the latest end of elements 0..i
  bool m_in_start_order = true;
};

} // namespace gpucheck::rules::detail
