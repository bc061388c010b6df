// SPDX-License-Identifier: MIT
#include "timeline/detail/draw_lanes.hpp"

#include "timeline/detail/text_measure.hpp"
#include "timeline/detail/timeline_palette.hpp"

namespace gpucheck::report::detail {

namespace {

void draw_lane_background(svg_writer& out, const timeline_frame& frame, const lane_frame& row,
                          bool shaded) {
  const double left_px = frame.plot_x0_px;
  out.rect(left_px, row.top_px, frame.plot_x1_px - left_px, lane_height_px,
           {shaded ? "#F4F5F7" : "#FBFBFC", "", 1, "", 1});
  const double title_x_px = 16;
  const double room_px = left_px - title_x_px - 8;
  out.text(title_x_px, row.top_px + lane_height_px / 2 + 4,
           fit_text(row.row->title, room_px, 11, row.row->host),
           {11, text_colour, "start", row.row->host});
}

void draw_block(svg_writer& out, const lane_frame& row, const placed_block& block) {
  const block_colours colours = colours_of(block.kind);
  const double width_px = block.x1_px - block.x0_px;
  const double top_px = block.nested ? row.block_bottom() - nested_height_px : row.block_top();
  const double height_px = block.nested ? nested_height_px : block_height_px;
  // No outline on blocks a few pixels wide: the stroke would hide the fill.
  const bool outline = width_px >= 4;
  out.rect(block.x0_px, top_px, width_px, height_px,
           {colours.fill, outline ? colours.stroke : "", 0.8, "", 1}, block.tooltip);
  if (block.label.empty()) {
    return;
  }
  const double baseline_px = row.block_top() + block_height_px / 2 + label_font_px * 0.36;
  if (block.label_inside) {
    out.text(block.x0_px + 3, baseline_px, block.label, {label_font_px, colours.text, "start"});
  } else {
    out.text(block.x1_px + 3, baseline_px, block.label, {label_font_px, text_colour, "start"});
  }
}

} // namespace

void draw_lane_backgrounds(svg_writer& out, const timeline_frame& frame,
                           const std::vector<axis_tick>& ticks) {
  out.comment("lanes");
  bool shaded = true;
  for (const lane_frame& row : frame.host_lanes) {
    draw_lane_background(out, frame, row, shaded);
    shaded = !shaded;
  }
  if (!frame.host_lanes.empty() && !frame.stream_lanes.empty()) {
    // A rule between the CPU and the GPU: the article's diagrams make the same split.
    const double y_px = frame.stream_lanes.front().top_px - 5;
    out.line(16, y_px, frame.plot_x1_px, y_px, {"none", "#9A9A9A", 0.8, "", 1});
  }
  shaded = true;
  for (const lane_frame& row : frame.stream_lanes) {
    draw_lane_background(out, frame, row, shaded);
    shaded = !shaded;
  }
  for (const axis_tick& tick : ticks) {
    const double x_px = frame.scale.x_of(tick.t_ns);
    out.line(x_px, frame.lanes_top_px, x_px, frame.lanes_bottom_px,
             {"none", grid_colour, 0.6, "", 1});
  }
  for (const scale_segment& segment : frame.scale.segments()) {
    if (segment.compressed) {
      // The squeezed start-up strip is greyed, so nobody reads widths off it.
      out.rect(segment.x0_px, frame.lanes_top_px, segment.x1_px - segment.x0_px,
               frame.lanes_bottom_px - frame.lanes_top_px, {"#E4E4E4", "", 1, "", 0.7});
    }
  }
}

void draw_lane_blocks(svg_writer& out, const timeline_frame& frame) {
  out.comment("blocks");
  for (const auto* lanes : {&frame.host_lanes, &frame.stream_lanes}) {
    for (const lane_frame& row : *lanes) {
      for (const placed_block& block : row.blocks) {
        draw_block(out, row, block);
      }
    }
  }
}

void draw_clock_reads(svg_writer& out, const timeline_frame& frame,
                      const std::vector<trace::clock_read>& clocks) {
  out.comment("clock reads");
  for (const trace::clock_read& read : clocks) {
    if (read.t_ns < frame.scale.start_ns() || read.t_ns > frame.scale.end_ns()) {
      continue;
    }
    const lane_frame* row = frame.host_lane(read.tid);
    if (row == nullptr) {
      continue;
    }
    const double x_px = frame.scale.x_of(read.t_ns);
    out.line(x_px, row->top_px + 2, x_px, row->top_px + lane_height_px - 2,
             {"none", "#222222", 1.6, "", 1});
  }
}

} // namespace gpucheck::report::detail
