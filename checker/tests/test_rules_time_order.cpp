// SPDX-License-Identifier: MIT
// time_order's ranges hold exactly what the whole-list scans they replace would find: every
// element they must hold, in a range no wider than it needs where the list is in time order.
#include "rules/detail/time_order.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

using gpucheck::rules::detail::index_range;
using gpucheck::rules::detail::time_order;
using gpucheck::trace::time_ns;

namespace {

struct timed_list {
  std::vector<time_ns> starts;
  std::vector<time_ns> ends;
};

timed_list random_list(std::mt19937& draw, std::size_t size, bool in_order) {
  std::uniform_int_distribution<time_ns> start(0, 1000);
  std::uniform_int_distribution<time_ns> length(0, 300);
  timed_list list;
  for (std::size_t i = 0; i < size; ++i)
    list.starts.push_back(start(draw));
  if (in_order)
    std::sort(list.starts.begin(), list.starts.end());
  for (const time_ns s : list.starts)
    list.ends.push_back(s + length(draw));
  return list;
}

// The scan analyze_interval made: in order, stopping at the first start after end_ns.
std::vector<std::size_t> scanned_starting_in(const timed_list& list, time_ns begin_ns,
                                             time_ns end_ns) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < list.starts.size(); ++i) {
    if (list.starts[i] > end_ns)
      break;
    if (list.starts[i] >= begin_ns)
      found.push_back(i);
  }
  return found;
}

std::vector<std::size_t> scanned_overlapping(const timed_list& list, time_ns begin_ns,
                                             time_ns end_ns) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < list.starts.size(); ++i) {
    if (list.starts[i] < end_ns && list.ends[i] > begin_ns)
      found.push_back(i);
  }
  return found;
}

bool holds(index_range range, const std::vector<std::size_t>& wanted) {
  return std::all_of(wanted.begin(), wanted.end(),
                     [&](std::size_t i) { return range.first <= i && i < range.last; });
}

} // namespace

TEST_CASE("time_order's ranges hold every element the whole-list scans find") {
  std::mt19937 draw(12345);
  for (const bool in_order : {true, false}) {
    CAPTURE(in_order);
    for (int trial = 0; trial < 200; ++trial) {
      const timed_list list = random_list(draw, 1 + trial % 40, in_order);
      const time_order order(list.starts, list.ends);
      std::uniform_int_distribution<time_ns> at(-50, 1400);
      time_ns begin_ns = at(draw);
      time_ns end_ns = at(draw);
      if (begin_ns > end_ns)
        std::swap(begin_ns, end_ns);
      CAPTURE(begin_ns);
      CAPTURE(end_ns);

      const std::vector<std::size_t> starting = scanned_starting_in(list, begin_ns, end_ns);
      const index_range starting_range = order.starting_in(begin_ns, end_ns);
      CHECK(holds(starting_range, starting));
      // It ends where the scan stopped, so that what a caller takes as "reached" is the same.
      std::size_t stop = 0;
      while (stop < list.starts.size() && list.starts[stop] <= end_ns)
        ++stop;
      CHECK(starting_range.last == stop);

      const std::vector<std::size_t> overlapping = scanned_overlapping(list, begin_ns, end_ns);
      const index_range overlapping_range = order.overlapping(begin_ns, end_ns);
      CHECK(holds(overlapping_range, overlapping));
      CHECK(overlapping_range.first <= overlapping_range.last);

      if (in_order) { // no wider than it needs: from the first found, up to the first too late
        if (!starting.empty()) {
          CHECK(starting_range.first == starting.front());
        }
        const auto starts_before_end = static_cast<std::size_t>(std::count_if(
            list.starts.begin(), list.starts.end(), [&](time_ns s) { return s < end_ns; }));
        CHECK(overlapping_range.last == starts_before_end);
      }
    }
  }
}

TEST_CASE("time_order of an empty list gives empty ranges") {
  const time_order order({}, {});
  const index_range starting = order.starting_in(0, 100);
  const index_range overlapping = order.overlapping(0, 100);
  CHECK(starting.first == 0);
  CHECK(starting.last == 0);
  CHECK(overlapping.first == 0);
  CHECK(overlapping.last == 0);
}
