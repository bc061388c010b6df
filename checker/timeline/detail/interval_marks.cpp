// SPDX-License-Identifier: MIT
#include "timeline/detail/interval_marks.hpp"

#include "timeline/detail/duration_text.hpp"
#include "timeline/detail/text_measure.hpp"
#include "timeline/detail/timeline_palette.hpp"

#include <algorithm>
#include <set>
#include <utility>

namespace gpucheck::report::detail {

namespace {

constexpr double bracket_font_px = 11;
constexpr double bound_font_px = 10.5;
constexpr double badge_px = 16; // one finding number's circle, with spacing
constexpr std::size_t max_links_per_interval = 12;

using extent = std::pair<double, double>;

// The first row in which [from, to] overlaps nothing placed so far; the extent is recorded.
int free_row(std::vector<std::vector<extent>>& rows, double from_px, double to_px) {
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const bool clear = std::none_of(rows[r].begin(), rows[r].end(), [&](const extent& e) {
      return from_px < e.second && e.first < to_px;
    });
    if (clear) {
      rows[r].emplace_back(from_px, to_px);
      return static_cast<int>(r);
    }
  }
  rows.push_back({{from_px, to_px}});
  return static_cast<int>(rows.size()) - 1;
}

double bracket_label_width(const bracket_mark& mark) {
  return text_width_px(mark.label, bracket_font_px, true) +
         (mark.view->finding_numbers.empty() ? 0
                                             : 4 + badge_px * mark.view->finding_numbers.size());
}

void add_region(interval_marks& marks, std::vector<std::vector<extent>>& rows,
                const timeline_frame& frame, region_kind kind, trace::time_ns from_ns,
                trace::time_ns to_ns, std::string label) {
  region_mark region;
  region.kind = kind;
  region.x0_px = frame.scale.x_of(from_ns);
  region.x1_px = frame.scale.x_of(to_ns);
  if (region.x1_px - region.x0_px < 1.5) {
    return; // too short to see; the findings text still gives the number
  }
  region.label = std::move(label);
  const double width_px = text_width_px(region.label, bracket_font_px);
  region.label_x_px = region.x0_px + width_px <= frame.plot_x1_px
                          ? region.x0_px
                          : std::max(frame.plot_x0_px, region.x1_px - width_px);
  region.row = free_row(rows, region.label_x_px - 6, region.label_x_px + width_px + 6);
  marks.regions.push_back(std::move(region));
}

// Intervals inside the squeezed start-up strip are not drawn: nothing there is to scale.
bool visible(const interval_view& view, const time_scale& scale) {
  return view.span_end_ns >= scale.main_segment().start_ns && view.span_start_ns <= scale.end_ns();
}

// "t0" and "t1" for a host clock's interval, "start" and "stop" for events (or any on the GPU).
std::pair<const char*, const char*> bound_labels(const interval_view& view) {
  const bool host_clock = view.interval.how == rules::timed_interval::method::host_clock;
  return view.on_gpu || !host_clock ? std::pair{"start", "stop"} : std::pair{"t0", "t1"};
}

void draw_triangle(svg_writer& out, double x_px, double top_px, const char* colour, bool hollow) {
  const std::string d = "M" + format_number(x_px - 4.5) + " " + format_number(top_px) + "L" +
                        format_number(x_px + 4.5) + " " + format_number(top_px) + "L" +
                        format_number(x_px) + " " + format_number(top_px + 7) + "Z";
  out.path(d, {hollow ? "#ffffff" : colour, colour, 1.2, "", 1});
}

} // namespace

interval_marks place_interval_marks(const std::vector<interval_view>& views,
                                    const timeline_frame& frame) {
  interval_marks marks;
  std::vector<std::vector<extent>> bracket_rows;
  std::vector<std::vector<extent>> region_rows;
  std::vector<std::vector<extent>> bound_rows;
  for (const interval_view& view : views) {
    if (!visible(view, frame.scale)) {
      continue;
    }
    bracket_mark mark;
    mark.view = &view;
    mark.x0_px = frame.scale.x_of(view.span_start_ns);
    mark.x1_px = std::max(frame.scale.x_of(view.span_end_ns), mark.x0_px + 1.5);
    mark.label = "measured " + duration_text(view.interval.measured_ns) +
                 (view.interval.how == rules::timed_interval::method::events ? " (events)" : "");
    const double width_px = bracket_label_width(mark);
    mark.label_x_px = std::clamp((mark.x0_px + mark.x1_px - width_px) / 2, frame.plot_x0_px,
                                 std::max(frame.plot_x0_px, frame.plot_x1_px - width_px));
    mark.row = free_row(bracket_rows, std::min(mark.label_x_px, mark.x0_px) - 8,
                        std::max(mark.label_x_px + width_px, mark.x1_px) + 8);
    // The start's label ends 3 px left of its line, the stop's begins 3 px right of its own.
    const auto [start_label, stop_label] = bound_labels(view);
    const double start_px = text_width_px(start_label, bound_font_px, true);
    const double stop_px = text_width_px(stop_label, bound_font_px, true);
    mark.start_label_row = free_row(bound_rows, mark.x0_px - 5 - start_px, mark.x0_px - 1);
    mark.stop_label_row = free_row(bound_rows, mark.x1_px + 1, mark.x1_px + 5 + stop_px);
    marks.brackets.push_back(std::move(mark));

    if (view.interval.how != rules::timed_interval::method::host_clock) {
      continue;
    }
    if (view.included_ns > 0) {
      add_region(marks, region_rows, frame, region_kind::included, view.included_start_ns,
                 view.included_end_ns,
                 "included: " + duration_text(view.included_ns) +
                     " of earlier queued GPU work (launched before t0)");
    }
    if (view.not_measured_ns > 0) {
      add_region(marks, region_rows, frame, region_kind::not_measured, view.interval.stop_ns,
                 view.not_measured_end_ns,
                 "not measured: " + duration_text(view.not_measured_ns) +
                     " of GPU work ran after your clock stopped (t1)");
    }
  }
  marks.bracket_rows = static_cast<int>(bracket_rows.size());
  marks.region_rows = static_cast<int>(region_rows.size());
  marks.bound_label_rows = static_cast<int>(bound_rows.size());
  return marks;
}

void draw_interval_underlay(svg_writer& out, const interval_marks& marks,
                            const std::vector<interval_view>& views, const timeline_frame& frame) {
  out.comment("measured vs ran");
  const double top_px = frame.lanes_top_px;
  const double height_px = frame.lanes_bottom_px - frame.lanes_top_px;
  for (const region_mark& region : marks.regions) {
    const double width_px = region.x1_px - region.x0_px;
    if (region.kind == region_kind::not_measured) {
      out.rect(region.x0_px, top_px, width_px, height_px, {not_measured_colour, "", 1, "", 0.1});
    } else {
      out.rect(region.x0_px, top_px, width_px, height_px, {included_colour, "", 1, "", 0.08});
      out.rect(region.x0_px, top_px, width_px, height_px, {"url(#included-hatch)", "", 1, "", 1});
    }
    const char* colour =
        region.kind == region_kind::not_measured ? not_measured_colour : included_colour;
    for (double x_px : {region.x0_px, region.x1_px}) {
      out.line(x_px, top_px, x_px, top_px + height_px, {"none", colour, 0.8, "3 3", 1});
    }
  }

  out.comment("launch to GPU work");
  std::set<std::pair<const placed_block*, const placed_block*>> drawn;
  const block_finder host_blocks(frame.host_lanes);
  const block_finder stream_blocks(frame.stream_lanes);
  for (const interval_view& view : views) {
    if (!visible(view, frame.scale)) {
      continue;
    }
    for (const auto* correlations : {&view.launched_correlations, &view.earlier_correlations}) {
      std::size_t count = 0;
      for (std::uint32_t correlation : *correlations) {
        if (correlation == 0 || count == max_links_per_interval) {
          continue;
        }
        const lane_frame* host_lane = nullptr;
        const lane_frame* stream_lane = nullptr;
        const placed_block* call = host_blocks.find(correlation, &host_lane);
        const placed_block* work = stream_blocks.find(correlation, &stream_lane);
        // A merged block stands for many launches: one line from it would point nowhere true.
        if (call == nullptr || work == nullptr || call->count > 1 || work->count > 1 ||
            !drawn.insert({call, work}).second) {
          continue;
        }
        ++count;
        out.line(call->x1_px, host_lane->block_bottom(), work->x0_px, stream_lane->block_top(),
                 {"none", link_colour, 0.9, "3 2", 1});
        out.circle(work->x0_px, stream_lane->block_top(), 1.8, {link_colour, "", 1, "", 1});
      }
    }
  }
}

void draw_interval_overlay(svg_writer& out, const interval_marks& marks,
                           const timeline_frame& frame, double brackets_top_px,
                           double bounds_y_px) {
  out.comment("measured intervals");
  for (const bracket_mark& mark : marks.brackets) {
    const interval_view& view = *mark.view;
    const char* colour = interval_colour(view.worst);
    const double row_top_px = brackets_top_px + mark.row * bracket_row_px;
    const double line_y_px = row_top_px + 19;

    // Bounds: dashed lines from the bracket down to what bounds the interval.
    const lane_frame* event_lane =
        view.on_gpu && view.event_stream_id ? frame.stream_lane(*view.event_stream_id) : nullptr;
    const double bound_bottom_px =
        view.on_gpu && event_lane != nullptr ? event_lane->top_px + 1 : frame.lanes_bottom_px;
    for (double x_px : {mark.x0_px, mark.x1_px}) {
      out.line(x_px, line_y_px, x_px, bound_bottom_px, {"none", colour, 1.1, "4 2", 1});
    }
    const auto [start_label, stop_label] = bound_labels(view);
    out.text(mark.x0_px - 3, bounds_y_px + mark.start_label_row * bound_label_row_px, start_label,
             {bound_font_px, colour, "end", true});
    out.text(mark.x1_px + 3, bounds_y_px + mark.stop_label_row * bound_label_row_px, stop_label,
             {bound_font_px, colour, "start", true});
    if (event_lane != nullptr) {
      draw_triangle(out, mark.x0_px, event_lane->top_px + 1, colour, view.span_estimated);
      draw_triangle(out, mark.x1_px, event_lane->top_px + 1, colour, view.span_estimated);
    }

    // The bracket itself, with what the program got.
    const std::string d = "M" + format_number(mark.x0_px) + " " + format_number(line_y_px + 6) +
                          "V" + format_number(line_y_px) + "H" + format_number(mark.x1_px) + "V" +
                          format_number(line_y_px + 6);
    out.path(d, {"none", colour, 2, "", 1});
    out.text(mark.label_x_px, row_top_px + 12, mark.label,
             {bracket_font_px, colour, "start", true});
    double badge_x_px =
        mark.label_x_px + text_width_px(mark.label, bracket_font_px, true) + 4 + badge_px / 2;
    for (int number : view.finding_numbers) {
      out.circle(badge_x_px, row_top_px + 8, 7, {colour, "", 1, "", 1});
      out.text(badge_x_px, row_top_px + 11.5, std::to_string(number),
               {10, "#ffffff", "middle", true});
      badge_x_px += badge_px;
    }
  }

  out.comment("measured vs ran, labels");
  for (const region_mark& region : marks.regions) {
    const char* colour =
        region.kind == region_kind::not_measured ? not_measured_colour : included_colour;
    const double y_px = frame.lanes_bottom_px + 4;
    const std::string d = "M" + format_number(region.x0_px) + " " + format_number(y_px - 4) + "V" +
                          format_number(y_px) + "H" + format_number(region.x1_px) + "V" +
                          format_number(y_px - 4);
    out.path(d, {"none", colour, 1.5, "", 1});
    out.text(region.label_x_px, y_px + (region.row + 1) * region_label_row_px - 2, region.label,
             {bracket_font_px, colour, "start", true});
  }
}

} // namespace gpucheck::report::detail
