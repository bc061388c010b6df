// SPDX-License-Identifier: MIT
// What each timed interval adds to the picture: the bracket of what the program measured (above
// the lanes), the clock reads or events that bound it (lines through the lanes), the shaded
// difference between what it measured and what ran, and where its launches ran on the GPU.
#pragma once

#include "report/svg_writer.hpp"
#include "timeline/detail/interval_view.hpp"
#include "timeline/detail/timeline_frame.hpp"

#include <string>
#include <vector>

namespace gpucheck::report::detail {

inline constexpr double bracket_row_px = 30;
inline constexpr double bound_label_row_px = 16; // "t0", "t1", "start", "stop"
inline constexpr double region_label_row_px = 16;

struct bracket_mark {
  const interval_view* view = nullptr;
  double x0_px = 0;
  double x1_px = 0;
  std::string label;     // "measured 41.2 µs"
  double label_x_px = 0; // left end of label and badges
  int row = 0;
  // The bound labels' rows: two intervals that start (or stop) within a label's width of each
  // other would write "t0" over "start" in one row (issue 47: "t0tart" in two-methods.svg).
  int start_label_row = 0;
  int stop_label_row = 0;
};

enum class region_kind { not_measured, included };

struct region_mark {
  region_kind kind = region_kind::not_measured;
  double x0_px = 0;
  double x1_px = 0;
  std::string label;
  double label_x_px = 0;
  int row = 0;
};

struct interval_marks {
  std::vector<bracket_mark> brackets;
  int bracket_rows = 0;
  std::vector<region_mark> regions;
  int region_rows = 0;
  int bound_label_rows = 0; // rows of "t0", "t1", "start", "stop"
};

// Positions in x and rows; needs only the scale and the plot's x range of `frame`.
interval_marks place_interval_marks(const std::vector<interval_view>& views,
                                    const timeline_frame& frame);

// Region bands and launch links, drawn under the blocks.
void draw_interval_underlay(svg_writer& out, const interval_marks& marks,
                            const std::vector<interval_view>& views, const timeline_frame& frame);

// Brackets, bound lines and labels, event marks and region labels, drawn over the blocks.
// `brackets_top_px`: the first bracket row; `bounds_y_px`: the baseline of the first row of
// "t0"/"t1" (each further row bound_label_row_px lower).
void draw_interval_overlay(svg_writer& out, const interval_marks& marks,
                           const timeline_frame& frame, double brackets_top_px, double bounds_y_px);

} // namespace gpucheck::report::detail
