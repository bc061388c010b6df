// SPDX-License-Identifier: MIT
// The time axis under the lanes, and the break that separates a compressed start-up strip from
// the window drawn to scale.
#pragma once

#include "report/svg_writer.hpp"
#include "timeline/detail/time_scale.hpp"
#include "timeline/detail/time_window.hpp"
#include "timeline/detail/timeline_frame.hpp"

#include <vector>

namespace gpucheck::report::detail {

inline constexpr double axis_height_px = 44;
inline constexpr double axis_min_tick_spacing_px = 90;

// Ticks for the part drawn to scale.
std::vector<axis_tick> axis_ticks(const timeline_frame& frame, const time_window& window);

void draw_time_axis(svg_writer& out, const timeline_frame& frame, const time_window& window,
                    const std::vector<axis_tick>& ticks, double axis_y_px);

// A white gap through everything from `top_px` down to the axis, marked "//" on the axis and
// along the lanes' edges.
void draw_axis_break(svg_writer& out, const timeline_frame& frame, double top_px, double axis_y_px);

} // namespace gpucheck::report::detail
