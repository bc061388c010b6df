// SPDX-License-Identifier: MIT
#include "timeline/detail/block_layout.hpp"

#include "report/svg_writer.hpp"
#include "timeline/detail/duration_text.hpp"
#include "timeline/detail/text_measure.hpp"

#include <algorithm>
#include <tuple>

namespace gpucheck::report::detail {

namespace {

constexpr double label_padding_px = 3;

std::string label_inside(const placed_block& block, double font_size_px) {
  const double room_px = block.x1_px - block.x0_px - 2 * label_padding_px;
  const auto fits = [&](const std::string& text) {
    return text_width_px(text, font_size_px) <= room_px;
  };
  if (room_px < text_width_px("abc", font_size_px)) {
    return "";
  }
  const std::string duration = duration_text(block.end_ns - block.start_ns);
  const std::string name =
      block.count > 1 ? std::to_string(block.count) + " × " + block.name : block.name;
  const std::string tail = " · " + duration;
  if (fits(name + tail)) {
    return name + tail;
  }
  const std::string short_name =
      fit_text(name, room_px - text_width_px(tail, font_size_px), font_size_px);
  if (!short_name.empty()) {
    return short_name + tail;
  }
  // Then the whole name, else the duration: a cut name says less than how long the work took.
  if (fits(name)) {
    return name;
  }
  if (fits(duration)) {
    return duration;
  }
  return fit_text(name, room_px, font_size_px);
}

} // namespace

std::vector<placed_block> place_blocks(const std::vector<lane_block>& blocks,
                                       const time_scale& scale, double min_block_px) {
  std::vector<placed_block> placed;
  for (const lane_block& block : blocks) {
    if (block.end_ns < scale.start_ns() || block.start_ns > scale.end_ns()) {
      continue;
    }
    const double x0 = scale.x_of(block.start_ns);
    const double x1 = scale.x_of(block.end_ns);
    const bool narrow = x1 - x0 < min_block_px;
    if (!placed.empty()) {
      placed_block& last = placed.back();
      const bool last_narrow = last.count > 1 || last.x1_px - last.x0_px <= min_block_px;
      if (last.kind == block.kind && last.nested == block.nested && (narrow && last_narrow) &&
          x0 < last.x1_px) { // they would be drawn overlapping
        last.x1_px = std::max(last.x1_px, std::max(x1, x0 + min_block_px));
        last.end_ns = std::max(last.end_ns, block.end_ns);
        ++last.count;
        if (last.name != block.name) {
          last.name = "calls";
        }
        last.correlations.push_back(block.correlation);
        last.tooltip = std::to_string(last.count) + " × " + last.name + ", merged (each under " +
                       format_number(min_block_px) + " px), spanning " +
                       duration_text(last.end_ns - last.start_ns);
        continue;
      }
    }
    placed_block& added = placed.emplace_back();
    added.x0_px = x0;
    added.x1_px = std::max(x1, x0 + min_block_px);
    added.kind = block.kind;
    added.nested = block.nested;
    added.start_ns = block.start_ns;
    added.end_ns = block.end_ns;
    added.name = block.name;
    added.tooltip = block.tooltip;
    added.correlations.push_back(block.correlation);
  }
  return placed;
}

void choose_block_labels(std::vector<std::vector<placed_block>*>& lanes, int max_labels,
                         double font_size_px, double left_limit_px, double right_limit_px) {
  struct candidate {
    double width_px;
    std::size_t lane;
    std::size_t index;
  };
  std::vector<candidate> candidates;
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    for (std::size_t i = 0; i < lanes[l]->size(); ++i) {
      const placed_block& block = (*lanes[l])[i];
      if (!block.nested && block.x0_px >= left_limit_px) {
        candidates.push_back({block.x1_px - block.x0_px, l, i});
      }
    }
  }
  // Widest first; ties in lane and time order, so the choice is deterministic.
  std::stable_sort(
      candidates.begin(), candidates.end(), [](const candidate& a, const candidate& b) {
        return std::tie(b.width_px, a.lane, a.index) < std::tie(a.width_px, b.lane, b.index);
      });
  int labelled = 0;
  for (const candidate& c : candidates) {
    if (labelled >= max_labels) {
      break;
    }
    std::vector<placed_block>& lane = *lanes[c.lane];
    placed_block& block = lane[c.index];
    block.label = label_inside(block, font_size_px);
    block.label_inside = true;
    if (block.label.empty()) {
      // Outside, to the right, only where nothing else in the lane is drawn (or labelled).
      double free_until_px = right_limit_px;
      if (c.index + 1 < lane.size()) {
        free_until_px = lane[c.index + 1].x0_px;
      }
      const std::string name =
          block.count > 1 ? std::to_string(block.count) + " × " + block.name : block.name;
      const std::string full = name + " · " + duration_text(block.end_ns - block.start_ns);
      const double room_px = free_until_px - block.x1_px - 2 * label_padding_px;
      if (text_width_px(full, font_size_px) <= room_px) {
        block.label = full;
        block.label_inside = false;
      }
    }
    if (!block.label.empty()) {
      ++labelled;
    }
  }
}

} // namespace gpucheck::report::detail
