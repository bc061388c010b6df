// SPDX-License-Identifier: MIT
#include "timeline/detail/time_window.hpp"

#include <algorithm>
#include <limits>

namespace gpucheck::report::detail {

std::pair<trace::time_ns, trace::time_ns> run_extent(const trace::run_trace& run) {
  trace::time_ns first = std::numeric_limits<trace::time_ns>::max();
  trace::time_ns last = std::numeric_limits<trace::time_ns>::min();
  const auto take = [&](trace::time_ns start, trace::time_ns end) {
    first = std::min(first, start);
    last = std::max(last, end);
  };
  if (run.info.start_ns > 0) {
    take(run.info.start_ns, run.info.start_ns);
  }
  for (const auto& call : run.api) {
    take(call.start_ns, call.end_ns);
  }
  for (const auto& work : run.activity) {
    take(work.start_ns, work.end_ns);
  }
  for (const auto& read : run.clocks) {
    take(read.t_ns, read.t_ns);
  }
  if (first > last) {
    return {0, 1};
  }
  return {first, std::max(last, first + 1)};
}

time_window choose_time_window(const trace::run_trace& run, const std::vector<interval_view>& views,
                               const timeline_options& options) {
  const auto [run_begin_ns, run_end_ns] = run_extent(run);
  time_window window;
  window.origin_ns = run_begin_ns;

  const bool any_finding = std::any_of(views.begin(), views.end(),
                                       [](const interval_view& v) { return v.worst.has_value(); });
  trace::time_ns start_ns = run_begin_ns;
  trace::time_ns end_ns = run_end_ns;
  bool first = true;
  for (const interval_view& view : views) {
    if (any_finding && !view.worst) {
      continue;
    }
    start_ns = first ? view.related_start_ns : std::min(start_ns, view.related_start_ns);
    end_ns = first ? view.related_end_ns : std::max(end_ns, view.related_end_ns);
    first = false;
  }
  if (!first) {
    // Margins so that the first and last blocks do not touch the picture's edges.
    const trace::time_ns margin_ns = std::max<trace::time_ns>((end_ns - start_ns) / 20, 500);
    start_ns = std::max(run_begin_ns, start_ns - margin_ns);
    end_ns += margin_ns; // past the run's end if need be: the last clock read is often its end
  }
  const bool automatic = !options.window_start_ns.has_value();
  start_ns = options.window_start_ns.value_or(start_ns);
  end_ns = options.window_end_ns.value_or(end_ns);
  end_ns = std::max(end_ns, start_ns + 1000); // at least 1 µs, so the scale is defined

  const trace::time_ns before_ns = start_ns - run_begin_ns;
  if (before_ns > 0) {
    if (automatic && before_ns * 100 <= (end_ns - start_ns) * 15) {
      start_ns = run_begin_ns; // short: show it at full scale, no break needed
    } else if (options.before_window == before_window_display::compress) {
      window.before_start_ns = run_begin_ns;
    } else {
      window.skipped_ns = before_ns;
    }
  }
  window.start_ns = start_ns;
  window.end_ns = end_ns;
  return window;
}

} // namespace gpucheck::report::detail
