// SPDX-License-Identifier: MIT
// Blocks in pixels: neighbours too narrow to see are merged into one block ("×120"), so a loop of
// a thousand launches neither vanishes nor bloats the file; then the widest blocks get labels,
// inside when they fit, else just right of the block when the lane is free there.
#pragma once

#include "timeline/detail/time_scale.hpp"
#include "timeline/detail/timeline_lanes.hpp"

#include <string>
#include <vector>

namespace gpucheck::report::detail {

struct placed_block {
  double x0_px = 0;
  double x1_px = 0; // at least min_block_px right of x0_px
  block_kind kind = block_kind::other;
  bool nested = false;
  int count = 1; // blocks merged into this one
  trace::time_ns start_ns = 0;
  trace::time_ns end_ns = 0;
  std::string name;
  std::string tooltip;
  std::vector<std::uint32_t> correlations;
  std::string label; // chosen by choose_block_labels; "" for none
  bool label_inside = true;
};

std::vector<placed_block> place_blocks(const std::vector<lane_block>& blocks,
                                       const time_scale& scale, double min_block_px);

// Labels for at most `max_labels` blocks over all lanes, widest first, among blocks that start
// at or right of `left_limit_px` (not in the squeezed start-up strip). `right_limit_px` is where
// an outside label must end (the plot's right edge).
void choose_block_labels(std::vector<std::vector<placed_block>*>& lanes, int max_labels,
                         double font_size_px, double left_limit_px, double right_limit_px);

} // namespace gpucheck::report::detail
