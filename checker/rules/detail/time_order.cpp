// SPDX-License-Identifier: MIT
#include "rules/detail/time_order.hpp"

#include <algorithm>

namespace gpucheck::rules::detail {

using trace::time_ns;

namespace {

std::vector<time_ns> running_latest(const std::vector<time_ns>& times) {
  std::vector<time_ns> latest(times.size());
  for (std::size_t i = 0; i < times.size(); ++i)
    latest[i] = i == 0 ? times[i] : std::max(latest[i - 1], times[i]);
  return latest;
}

} // namespace

time_order::time_order(std::vector<time_ns> starts, const std::vector<time_ns>& ends)
    : m_starts(std::move(starts)), m_latest_start_up_to(running_latest(m_starts)),
      m_latest_end_up_to(running_latest(ends)),
      m_in_start_order(std::is_sorted(m_starts.begin(), m_starts.end())) {}

index_range time_order::overlapping(time_ns begin_ns, time_ns end_ns) const {
  // Every element before the first whose running latest end passes begin_ns ends by begin_ns.
  const auto first = static_cast<std::size_t>(
      std::upper_bound(m_latest_end_up_to.begin(), m_latest_end_up_to.end(), begin_ns) -
      m_latest_end_up_to.begin());
  // In start order, every element from the first that starts at end_ns on starts too late.
  const std::size_t last =
      m_in_start_order
          ? static_cast<std::size_t>(std::lower_bound(m_starts.begin(), m_starts.end(), end_ns) -
                                     m_starts.begin())
          : m_starts.size();
  return {std::min(first, last), last};
}

std::size_t time_order::scan_stop(time_ns end_ns) const {
  // The first element that starts after end_ns is the first whose running latest start does.
  return static_cast<std::size_t>(
      std::upper_bound(m_latest_start_up_to.begin(), m_latest_start_up_to.end(), end_ns) -
      m_latest_start_up_to.begin());
}

index_range time_order::starting_in(time_ns begin_ns, time_ns end_ns) const {
  const std::size_t last = scan_stop(end_ns);
  const auto stop = m_starts.begin() + static_cast<std::ptrdiff_t>(last);
  const std::size_t first =
      m_in_start_order ? static_cast<std::size_t>(
                             std::lower_bound(m_starts.begin(), stop, begin_ns) - m_starts.begin())
                       : 0;
  return {first, last};
}

} // namespace gpucheck::rules::detail
