// SPDX-License-Identifier: MIT
// The key to the picture, listing only what it shows.
#pragma once

#include "report/svg_writer.hpp"
#include "timeline/detail/timeline_lanes.hpp"

#include <set>
#include <string>
#include <vector>

namespace gpucheck::report::detail {

enum class legend_symbol { block, clock_tick, bracket, event_mark, link, not_measured, included };

struct legend_item {
  legend_symbol symbol = legend_symbol::block;
  block_kind kind = block_kind::other; // for blocks
  std::string text;
};

struct legend_contents {
  std::set<block_kind> kinds;
  bool clock_reads = false;
  bool brackets = false;
  bool event_marks = false;
  bool links = false;
  bool not_measured = false;
  bool included = false;
};

std::vector<legend_item> legend_items(const legend_contents& contents);

double legend_height(const std::vector<legend_item>& items, double width_px);

void draw_legend(svg_writer& out, const std::vector<legend_item>& items, double x_px, double top_px,
                 double width_px);

} // namespace gpucheck::report::detail
