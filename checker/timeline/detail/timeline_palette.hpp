// SPDX-License-Identifier: MIT
// Colours of the timeline. Okabe–Ito hues, which stay distinct for colour-blind readers and in
// greyscale print; the GPU kinds are lighter so that black labels read on them.
#pragma once

#include "rules/finding.hpp"
#include "timeline/detail/timeline_lanes.hpp"

#include <optional>

namespace gpucheck::report::detail {

struct block_colours {
  const char* fill;
  const char* stroke;
  const char* text;   // label colour on this fill
  const char* legend; // what the legend calls it
};

inline block_colours colours_of(block_kind kind) {
  switch (kind) {
  case block_kind::launch:
    return {"#0072B2", "#00507D", "#ffffff", "launch"};
  case block_kind::sync:
    return {"#D55E00", "#963F00", "#ffffff", "sync (host waits)"};
  case block_kind::copy:
    return {"#009E73", "#006E50", "#ffffff", "copy / memset call"};
  case block_kind::setup:
    return {"#CC79A7", "#8E4F74", "#ffffff", "setup (malloc, create)"};
  case block_kind::other:
    return {"#B5B5B5", "#7A7A7A", "#111111", "other call"};
  case block_kind::kernel:
    return {"#9DD3F2", "#2C7FB0", "#0B2B40", "kernel"};
  case block_kind::memcpy:
    return {"#A6DFC8", "#2E8B66", "#0C3325", "memcpy"};
  case block_kind::memset:
    return {"#F3D38A", "#B58512", "#3D2A00", "memset"};
  }
  return {"#B5B5B5", "#7A7A7A", "#111111", "other"};
}

// The bracket, clock lines and badges of an interval, by its worst finding.
inline const char* interval_colour(std::optional<rules::severity> worst) {
  if (!worst) {
    return "#1E7B34"; // no finding: green
  }
  return *worst == rules::severity::error ? "#C0392B" : "#B9770E";
}

inline constexpr const char* not_measured_colour = "#C0392B";
inline constexpr const char* included_colour = "#B86E00";
inline constexpr const char* link_colour = "#6B6B6B";
inline constexpr const char* grid_colour = "#D9D9D9";
inline constexpr const char* muted_text_colour = "#5A5A5A";
inline constexpr const char* text_colour = "#1A1A1A";

} // namespace gpucheck::report::detail
