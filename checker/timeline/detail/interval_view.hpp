// SPDX-License-Identifier: MIT
// One timed interval as the picture shows it: where its bracket goes (host clock reads, or the
// GPU times of its two events), which findings concern it, and how what it measured differs
// from what ran (GPU work it launched that finished after the clock stopped; earlier queued
// work it waited for).
#pragma once

#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpucheck::report::detail {

struct interval_view {
  rules::timed_interval interval;
  std::vector<int> finding_numbers;     // 1-based positions in the findings list
  std::optional<rules::severity> worst; // absent: no finding concerns this interval

  // What the bracket spans. Host clock: the two reads. Events: when the two events completed on
  // the GPU (estimated from the stream's work when the trace has no event timestamps).
  trace::time_ns span_start_ns = 0;
  trace::time_ns span_end_ns = 0;
  bool on_gpu = false;
  bool span_estimated = false;
  std::optional<std::uint32_t> event_stream_id;

  // Correlation ids of the GPU work launched inside the interval by its thread.
  std::vector<std::uint32_t> launched_correlations;
  // Correlation ids of work launched before the interval that ran inside it.
  std::vector<std::uint32_t> earlier_correlations;

  // Host clock intervals only: GPU time of the work launched inside that ran after the stop
  // read, and of earlier work that ran inside the interval (unions, so overlaps count once).
  trace::time_ns not_measured_ns = 0;
  trace::time_ns not_measured_end_ns = 0;
  trace::time_ns included_ns = 0;
  trace::time_ns included_start_ns = 0;
  trace::time_ns included_end_ns = 0;

  // The extent of everything above, for choosing the window.
  trace::time_ns related_start_ns = 0;
  trace::time_ns related_end_ns = 0;
};

// One view per distinct interval (those given, then those only findings mention), in that order.
std::vector<interval_view> view_intervals(const trace::run_trace& run,
                                          const std::vector<rules::timed_interval>& intervals,
                                          const std::vector<rules::finding>& findings);

} // namespace gpucheck::report::detail
