// SPDX-License-Identifier: MIT
// The timeline picture of one run: the host thread(s) on top with their CUDA calls and clock
// reads, one lane per stream with the GPU work at its true times, the interval the program
// measured as a bracket, and the difference between what was measured and what ran shaded, with
// the findings written underneath. `gpucheck --timeline out.svg` and the book's figures use it.
#pragma once

#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpucheck::report {

// What to do with the part of the run before the chosen window (usually the cold start:
// context creation, module loading, first allocations), when it is long next to the window.
enum class before_window_display {
  compress, // squeezed into a narrow strip at the left, behind a visible axis break
  skip,     // left out; the axis starts later and a note says how much was left out
};

struct timeline_options {
  // The time window. Absent: the span of the intervals that have findings (of all intervals when
  // none has, of the whole run when there are none), widened to the GPU work they launched or
  // waited for, plus margins. A run before the window that is short next to it is simply
  // included; a long one is shown as `before_window` says.
  std::optional<trace::time_ns> window_start_ns;
  std::optional<trace::time_ns> window_end_ns;
  before_window_display before_window = before_window_display::compress;
  double width_px = 960;     // the whole picture; the height follows from the content
  std::string title;         // empty: "Timeline of <program>"
  int max_block_labels = 40; // GPU and API block labels, widest first; the rest get tooltips
  double min_block_px = 1.0; // blocks narrower than this are merged with their neighbours
};

// A self-contained SVG document (no external fonts, CSS or images), deterministic: the same
// inputs give the same bytes. Findings whose interval is not in `intervals` are drawn too.
std::string render_timeline_svg(const trace::run_trace& run,
                                const std::vector<rules::timed_interval>& intervals,
                                const std::vector<rules::finding>& findings,
                                const timeline_options& options = {});

// One interval of a run and its findings, under `title`: the picture of `gpucheck check
// --timeline`. The check pipeline reaches the renderer only through this function, which the
// command that asks for a timeline hands to it (analysis/traced_check.hpp, timeline_renderer).
std::string render_interval_timeline(const trace::run_trace& run,
                                     const rules::timed_interval& shown,
                                     const std::vector<rules::finding>& findings,
                                     const std::string& title);

} // namespace gpucheck::report
