// SPDX-License-Identifier: MIT
// Time to x: piecewise linear, so that a long stretch before the window of interest (the cold
// start) can be drawn squeezed behind an axis break instead of dwarfing the microseconds that
// matter. Also the axis' ticks at round times.
#pragma once

#include "trace_model/trace.hpp"

#include <string>
#include <vector>

namespace gpucheck::report::detail {

struct scale_segment {
  trace::time_ns start_ns = 0;
  trace::time_ns end_ns = 0;
  double x0_px = 0;
  double x1_px = 0;
  bool compressed = false;
};

class time_scale {
public:
  // Segments must be in time order and not overlap, in x as in time.
  explicit time_scale(std::vector<scale_segment> segments);

  // Clamped to the first segment's start and the last one's end; a time in a gap between two
  // segments maps to the end of the earlier one.
  double x_of(trace::time_ns t_ns) const;
  trace::time_ns start_ns() const { return m_segments.front().start_ns; }
  trace::time_ns end_ns() const { return m_segments.back().end_ns; }
  const std::vector<scale_segment>& segments() const { return m_segments; }
  const scale_segment& main_segment() const { return m_segments.back(); }

private:
  std::vector<scale_segment> m_segments;
};

struct axis_tick {
  trace::time_ns t_ns = 0;
  std::string label; // relative to the origin, with unit: "83.5 ms"
};

// Round-numbered ticks (1, 2, 5 × 10^k ns) inside [start_ns, end_ns], about one per
// `min_spacing_px`, labelled as time since `origin_ns` in the unit that suits the step.
std::vector<axis_tick> nice_ticks(trace::time_ns start_ns, trace::time_ns end_ns, double width_px,
                                  double min_spacing_px, trace::time_ns origin_ns);

} // namespace gpucheck::report::detail
