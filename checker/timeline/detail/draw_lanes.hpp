// SPDX-License-Identifier: MIT
// The lanes: their backgrounds, titles and time grid, then the blocks with their labels.
#pragma once

#include "report/svg_writer.hpp"
#include "timeline/detail/time_scale.hpp"
#include "timeline/detail/timeline_frame.hpp"

#include <vector>

namespace gpucheck::report::detail {

void draw_lane_backgrounds(svg_writer& out, const timeline_frame& frame,
                           const std::vector<axis_tick>& ticks);

void draw_lane_blocks(svg_writer& out, const timeline_frame& frame);

// Every clock read of the program in the window, as a tick on its thread's lane.
void draw_clock_reads(svg_writer& out, const timeline_frame& frame,
                      const std::vector<trace::clock_read>& clocks);

} // namespace gpucheck::report::detail
