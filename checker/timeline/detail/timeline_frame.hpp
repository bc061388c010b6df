// SPDX-License-Identifier: MIT
// Where things go on the page: the plot's x range, the lanes' y positions with their blocks in
// pixels, and the time scale. Computed once, then read by every draw_* function.
#pragma once

#include "timeline/detail/block_layout.hpp"
#include "timeline/detail/time_scale.hpp"
#include "timeline/detail/timeline_lanes.hpp"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gpucheck::report::detail {

inline constexpr double lane_height_px = 36;
inline constexpr double block_top_px = 8; // from the lane's top
inline constexpr double block_height_px = 20;
inline constexpr double nested_height_px = 6; // library calls inside a program's call
inline constexpr double label_font_px = 10;

struct lane_frame {
  const lane* row = nullptr;
  double top_px = 0;
  std::vector<placed_block> blocks;

  double block_top() const { return top_px + block_top_px; }
  double block_bottom() const { return top_px + block_top_px + block_height_px; }
};

struct timeline_frame {
  timeline_frame(const time_scale& time_scale) : scale(time_scale) {}

  const time_scale& scale;
  double width_px = 0;
  double plot_x0_px = 0;
  double plot_x1_px = 0;
  std::optional<std::pair<double, double>> break_gap_px; // the axis break, between segments
  double lanes_top_px = 0;
  double lanes_bottom_px = 0;
  std::vector<lane_frame> host_lanes;
  std::vector<lane_frame> stream_lanes;

  const lane_frame* host_lane(int tid) const {
    for (const lane_frame& frame : host_lanes) {
      if (frame.row->tid == tid) {
        return &frame;
      }
    }
    return host_lanes.empty() ? nullptr : &host_lanes.front();
  }
  const lane_frame* stream_lane(std::uint32_t stream_id) const {
    for (const lane_frame& frame : stream_lanes) {
      if (frame.row->stream_id == stream_id) {
        return &frame;
      }
    }
    return nullptr;
  }
};

// The placed block that carries a correlation, in the given lanes (the first, in the lanes' order),
// found in constant time: a picture looks up every launch of every interval it shows.
class block_finder {
public:
  explicit block_finder(const std::vector<lane_frame>& lanes) {
    for (const lane_frame& frame : lanes) {
      for (const placed_block& block : frame.blocks) {
        for (std::uint32_t correlation : block.correlations) {
          m_blocks.try_emplace(correlation, &frame, &block);
        }
      }
    }
  }
  const placed_block* find(std::uint32_t correlation, const lane_frame** in_lane) const {
    const auto found = m_blocks.find(correlation);
    if (found == m_blocks.end()) {
      return nullptr;
    }
    *in_lane = found->second.first;
    return found->second.second;
  }

private:
  std::unordered_map<std::uint32_t, std::pair<const lane_frame*, const placed_block*>> m_blocks;
};

} // namespace gpucheck::report::detail
