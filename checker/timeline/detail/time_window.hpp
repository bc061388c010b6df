// SPDX-License-Identifier: MIT
// Which stretch of the run the picture shows (see timeline_options for the rules).
#pragma once

#include "timeline/detail/interval_view.hpp"
#include "timeline/timeline_svg.hpp"
#include "trace_model/trace.hpp"

#include <optional>
#include <vector>

namespace gpucheck::report::detail {

struct time_window {
  trace::time_ns start_ns = 0;
  trace::time_ns end_ns = 1;
  // Set when [before_start_ns, start_ns) is drawn compressed behind an axis break.
  std::optional<trace::time_ns> before_start_ns;
  trace::time_ns skipped_ns = 0; // how much of the run before start_ns is left out entirely
  trace::time_ns origin_ns = 0;  // the axis counts from here: when the run began
};

// The first and last timestamps of the run (the tracer's start, any call, work or clock read).
std::pair<trace::time_ns, trace::time_ns> run_extent(const trace::run_trace& run);

time_window choose_time_window(const trace::run_trace& run, const std::vector<interval_view>& views,
                               const timeline_options& options);

} // namespace gpucheck::report::detail
