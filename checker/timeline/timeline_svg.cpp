// SPDX-License-Identifier: MIT
#include "timeline/timeline_svg.hpp"

#include "report/svg_writer.hpp"
#include "timeline/detail/draw_lanes.hpp"
#include "timeline/detail/findings_list.hpp"
#include "timeline/detail/interval_marks.hpp"
#include "timeline/detail/interval_view.hpp"
#include "timeline/detail/legend.hpp"
#include "timeline/detail/text_measure.hpp"
#include "timeline/detail/time_axis.hpp"
#include "timeline/detail/time_window.hpp"
#include "timeline/detail/timeline_palette.hpp"

#include <algorithm>
#include <filesystem>

namespace gpucheck::report {

namespace {

using namespace detail;

constexpr double page_margin_px = 16;
constexpr double lane_title_width_px = 176; // left of the plot
constexpr double right_margin_px = 24;
constexpr double compressed_width_px = 56; // the squeezed start-up strip
constexpr double break_width_px = 14;
constexpr double lane_group_gap_px = 10; // between the host lanes and the stream lanes

constexpr const char* hatch_defs =
    "<defs><pattern id=\"included-hatch\" patternUnits=\"userSpaceOnUse\" width=\"6\" "
    "height=\"6\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
    "stroke=\"#B86E00\" stroke-width=\"1.6\" stroke-opacity=\"0.6\"/></pattern></defs>\n";

std::string default_title(const trace::run_trace& run) {
  const std::string& program = run.info.program;
  if (program.empty()) {
    return "Timeline";
  }
  const auto slash = program.rfind('/');
  return "Timeline of " + (slash == std::string::npos ? program : program.substr(slash + 1));
}

time_scale make_scale(const time_window& window, double plot_x0_px, double plot_x1_px) {
  std::vector<scale_segment> segments;
  double main_x0_px = plot_x0_px;
  if (window.before_start_ns) {
    segments.push_back({*window.before_start_ns, window.start_ns, plot_x0_px,
                        plot_x0_px + compressed_width_px, true});
    main_x0_px += compressed_width_px + break_width_px;
  }
  segments.push_back({window.start_ns, window.end_ns, main_x0_px, plot_x1_px, false});
  return time_scale(std::move(segments));
}

legend_contents what_is_shown(const timeline_frame& frame, const interval_marks& marks,
                              const trace::run_trace& run) {
  legend_contents shown;
  for (const auto* lanes : {&frame.host_lanes, &frame.stream_lanes}) {
    for (const lane_frame& row : *lanes) {
      for (const placed_block& block : row.blocks) {
        shown.kinds.insert(block.kind);
      }
    }
  }
  shown.clock_reads = std::any_of(run.clocks.begin(), run.clocks.end(), [&](const auto& read) {
    return read.t_ns >= frame.scale.start_ns() && read.t_ns <= frame.scale.end_ns();
  });
  shown.brackets = !marks.brackets.empty();
  for (const bracket_mark& mark : marks.brackets) {
    shown.event_marks = shown.event_marks || mark.view->on_gpu;
    shown.links = shown.links || !mark.view->launched_correlations.empty() ||
                  !mark.view->earlier_correlations.empty();
  }
  for (const region_mark& region : marks.regions) {
    shown.not_measured = shown.not_measured || region.kind == region_kind::not_measured;
    shown.included = shown.included || region.kind == region_kind::included;
  }
  return shown;
}

} // namespace

std::string render_timeline_svg(const trace::run_trace& run,
                                const std::vector<rules::timed_interval>& intervals,
                                const std::vector<rules::finding>& findings,
                                const timeline_options& options) {
  const double width_px = std::max(options.width_px, 480.0);
  const std::vector<interval_view> views = view_intervals(run, intervals, findings);
  const time_window window = choose_time_window(run, views, options);
  const double plot_x0_px = page_margin_px + lane_title_width_px;
  const double plot_x1_px = width_px - right_margin_px;
  const time_scale scale = make_scale(window, plot_x0_px, plot_x1_px);

  timeline_frame frame(scale);
  frame.width_px = width_px;
  frame.plot_x0_px = plot_x0_px;
  frame.plot_x1_px = plot_x1_px;
  if (window.before_start_ns) {
    frame.break_gap_px = {plot_x0_px + compressed_width_px,
                          plot_x0_px + compressed_width_px + break_width_px};
  }

  // Lanes, with every interval's thread and event stream even if idle in the window.
  std::vector<int> tids;
  std::vector<std::uint32_t> stream_ids;
  for (const interval_view& view : views) {
    if (view.span_end_ns >= scale.main_segment().start_ns && view.span_start_ns <= scale.end_ns()) {
      tids.push_back(view.interval.tid);
      if (view.event_stream_id) {
        stream_ids.push_back(*view.event_stream_id);
      }
    }
  }
  const lanes_in_window lanes =
      build_lanes(run, scale.start_ns(), scale.end_ns(), tids, stream_ids);
  for (const lane& row : lanes.host) {
    frame.host_lanes.push_back({&row, 0, place_blocks(row.blocks, scale, options.min_block_px)});
  }
  for (const lane& row : lanes.streams) {
    frame.stream_lanes.push_back({&row, 0, place_blocks(row.blocks, scale, options.min_block_px)});
  }
  std::vector<std::vector<placed_block>*> labelled;
  // GPU lanes first: when labels run short, the kernels' names matter more than the calls'.
  for (auto* group : {&frame.stream_lanes, &frame.host_lanes}) {
    for (lane_frame& row : *group) {
      labelled.push_back(&row.blocks);
    }
  }
  choose_block_labels(labelled, options.max_block_labels, label_font_px, scale.main_segment().x0_px,
                      plot_x1_px);

  // Top to bottom: title, brackets, bound labels, lanes, region labels, axis, findings, legend.
  const interval_marks marks = place_interval_marks(views, frame);
  double y_px = page_margin_px;
  const double title_y_px = y_px + 14;
  const double subtitle_y_px = y_px + 31;
  y_px += 44;
  const double brackets_top_px = y_px;
  y_px += marks.bracket_rows * bracket_row_px;
  const double bounds_y_px = y_px + 11;
  y_px += marks.bound_label_rows * bound_label_row_px;
  y_px += 4;
  frame.lanes_top_px = y_px;
  for (lane_frame& row : frame.host_lanes) {
    row.top_px = y_px;
    y_px += lane_height_px;
  }
  if (!frame.host_lanes.empty() && !frame.stream_lanes.empty()) {
    y_px += lane_group_gap_px;
  }
  for (lane_frame& row : frame.stream_lanes) {
    row.top_px = y_px;
    y_px += lane_height_px;
  }
  frame.lanes_bottom_px = y_px;
  y_px += 6 + marks.region_rows * region_label_row_px;
  const double axis_y_px = y_px + 6;
  y_px = axis_y_px + axis_height_px;
  const double text_width = width_px - 2 * page_margin_px;
  const double findings_top_px = y_px;
  y_px += findings_list_height(findings, !views.empty(), text_width) + 8;
  const std::vector<legend_item> legend = legend_items(what_is_shown(frame, marks, run));
  const double legend_top_px = y_px;
  y_px += legend_height(legend, text_width) + page_margin_px;

  svg_writer out;
  out.raw(hatch_defs);
  const std::string title = options.title.empty() ? default_title(run) : options.title;
  out.text(page_margin_px, title_y_px, title, {16, text_colour, "start", true});
  std::string subtitle;
  // The program's name, not where it was built: a path names a folder of the machine it was
  // recorded on (issue 47: "/tmp/r/bin/cublas_sgemm" in the book's figures).
  const std::string program = std::filesystem::path(run.info.program).filename().string();
  for (const std::string& part : {run.info.device, program}) {
    subtitle += part.empty() ? "" : part + " · ";
  }
  subtitle += "host calls, clock reads and GPU work on one clock, each at its true time";
  out.text(page_margin_px, subtitle_y_px, fit_text(subtitle, text_width, 10.5),
           {10.5, muted_text_colour, "start"});

  const std::vector<axis_tick> ticks = axis_ticks(frame, window);
  draw_lane_backgrounds(out, frame, ticks);
  draw_interval_underlay(out, marks, views, frame);
  draw_lane_blocks(out, frame);
  draw_clock_reads(out, frame, run.clocks);
  // The break's white gap hides the blocks it cuts; the interval marks and their labels are drawn
  // over it, so that none is cut (issue 47: "10.4 ms" read "0.4 ms").
  draw_axis_break(out, frame, frame.lanes_top_px - 2, axis_y_px);
  draw_interval_overlay(out, marks, frame, brackets_top_px, bounds_y_px);
  draw_time_axis(out, frame, window, ticks, axis_y_px);
  draw_findings_list(out, findings, !views.empty(), page_margin_px, findings_top_px, text_width);
  draw_legend(out, legend, page_margin_px, legend_top_px, text_width);
  return out.finish(width_px, y_px, title);
}

std::string render_interval_timeline(const trace::run_trace& run,
                                     const rules::timed_interval& shown,
                                     const std::vector<rules::finding>& findings,
                                     const std::string& title) {
  timeline_options picture;
  picture.title = title;
  return render_timeline_svg(run, {shown}, findings, picture);
}

} // namespace gpucheck::report
