// SPDX-License-Identifier: MIT
#include "timeline/detail/time_axis.hpp"

#include "timeline/detail/duration_text.hpp"
#include "timeline/detail/timeline_palette.hpp"

namespace gpucheck::report::detail {

namespace {

const svg_paint axis_paint{"none", "#333333", 1, "", 1};

std::string slanted_edge(double x_px, double top_px, double bottom_px) {
  return "M" + format_number(x_px - 3) + " " + format_number(bottom_px) + "L" +
         format_number(x_px + 3) + " " + format_number(top_px);
}

} // namespace

std::vector<axis_tick> axis_ticks(const timeline_frame& frame, const time_window& window) {
  const scale_segment& main = frame.scale.main_segment();
  return nice_ticks(main.start_ns, main.end_ns, main.x1_px - main.x0_px, axis_min_tick_spacing_px,
                    window.origin_ns);
}

void draw_time_axis(svg_writer& out, const timeline_frame& frame, const time_window& window,
                    const std::vector<axis_tick>& ticks, double axis_y_px) {
  out.comment("time axis");
  for (const scale_segment& segment : frame.scale.segments()) {
    out.line(segment.x0_px, axis_y_px, segment.x1_px, axis_y_px, axis_paint);
    if (segment.compressed) {
      // Only its length is meaningful: it is not to scale.
      const double middle_px = (segment.x0_px + segment.x1_px) / 2;
      out.text(middle_px, axis_y_px + 15, duration_text(segment.end_ns - segment.start_ns),
               {10, muted_text_colour, "middle", false, true});
      out.text(middle_px, axis_y_px + 27, "squeezed",
               {10, muted_text_colour, "middle", false, true});
    }
  }
  for (const axis_tick& tick : ticks) {
    const double x_px = frame.scale.x_of(tick.t_ns);
    out.line(x_px, axis_y_px, x_px, axis_y_px + 5, axis_paint);
    out.text(x_px, axis_y_px + 16, tick.label, {10, text_colour, "middle"});
  }
  std::string caption = "time since the program started";
  if (window.skipped_ns > 0) {
    caption += " (its first " + duration_text(window.skipped_ns) + " are not shown)";
  }
  out.text(frame.plot_x1_px, axis_y_px + 32, caption, {10, muted_text_colour, "end", false, true});
}

void draw_axis_break(svg_writer& out, const timeline_frame& frame, double top_px,
                     double axis_y_px) {
  if (!frame.break_gap_px) {
    return;
  }
  out.comment("axis break");
  const auto [left_px, right_px] = *frame.break_gap_px;
  out.rect(left_px, top_px, right_px - left_px, axis_y_px - top_px, {"#ffffff", "", 1, "", 1});
  // The usual "//" of a broken axis, on the axis and along the lanes' edges.
  for (double y_px : {frame.lanes_top_px, frame.lanes_bottom_px, axis_y_px}) {
    out.path(slanted_edge(left_px + 1, y_px - 6, y_px + 6), {"none", "#555555", 1.2, "", 1});
    out.path(slanted_edge(right_px - 1, y_px - 6, y_px + 6), {"none", "#555555", 1.2, "", 1});
  }
}

} // namespace gpucheck::report::detail
