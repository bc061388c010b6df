// SPDX-License-Identifier: MIT
#include "timeline/detail/time_scale.hpp"

#include "report/svg_writer.hpp"

#include <cmath>
#include <utility>

namespace gpucheck::report::detail {

time_scale::time_scale(std::vector<scale_segment> segments) : m_segments(std::move(segments)) {
  if (m_segments.empty()) {
    m_segments.push_back({0, 1, 0, 1, false});
  }
}

double time_scale::x_of(trace::time_ns t_ns) const {
  if (t_ns <= m_segments.front().start_ns) {
    return m_segments.front().x0_px;
  }
  for (const scale_segment& segment : m_segments) {
    if (t_ns <= segment.end_ns) {
      if (t_ns < segment.start_ns) {
        return segment.x0_px; // in the gap before this segment
      }
      const double span_ns = static_cast<double>(segment.end_ns - segment.start_ns);
      const double fraction =
          span_ns > 0 ? static_cast<double>(t_ns - segment.start_ns) / span_ns : 0.0;
      return segment.x0_px + fraction * (segment.x1_px - segment.x0_px);
    }
  }
  return m_segments.back().x1_px;
}

std::vector<axis_tick> nice_ticks(trace::time_ns start_ns, trace::time_ns end_ns, double width_px,
                                  double min_spacing_px, trace::time_ns origin_ns) {
  std::vector<axis_tick> ticks;
  if (end_ns <= start_ns || width_px <= 0) {
    return ticks;
  }
  const double span_ns = static_cast<double>(end_ns - start_ns);
  const double wanted_step_ns = span_ns * min_spacing_px / width_px;
  double step_ns = 1;
  for (double decade = 1; step_ns < wanted_step_ns; decade *= 10) {
    for (double mantissa : {1.0, 2.0, 5.0}) {
      step_ns = mantissa * decade;
      if (step_ns >= wanted_step_ns) {
        break;
      }
    }
  }
  struct unit {
    double scale_ns;
    const char* name;
  };
  static constexpr unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1.0, "ns"}};
  unit chosen = units[3];
  for (const unit& u : units) {
    if (step_ns >= u.scale_ns / 10) { // a 0.5 ms step reads better than 500 µs next to 83.5 ms
      chosen = u;
      break;
    }
  }
  const double step_in_unit = step_ns / chosen.scale_ns;
  const int decimals =
      step_in_unit >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step_in_unit) - 1e-9));
  const auto step = static_cast<trace::time_ns>(step_ns);
  const trace::time_ns relative_start = start_ns - origin_ns;
  trace::time_ns first = relative_start / step * step;
  if (first < relative_start) {
    first += step;
  }
  for (trace::time_ns relative = first; relative + origin_ns <= end_ns; relative += step) {
    const double value = static_cast<double>(relative) / chosen.scale_ns;
    ticks.push_back({relative + origin_ns, format_number(value, decimals) + " " + chosen.name});
  }
  return ticks;
}

} // namespace gpucheck::report::detail
