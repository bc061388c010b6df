// SPDX-License-Identifier: MIT
/// @file enclosing_band.hpp
/// @brief Whether a time the student measured around work agrees with the time the checker read
/// inside that same work.
///
/// The checker's truth (its clock or events read inside each call of the work) lies within the
/// student's reads, so a right time is never shorter than the truth, but for a reading's
/// resolution (`below`), and is longer by no more than what the calls and reads around the work
/// add: a floor (`above`) or a share of the truth (`above_share`), whichever is larger. Any unit,
/// the same for all four numbers. Header-only.
#pragma once

#include <algorithm>
#include <cmath>

namespace gpucheck {

inline bool within_enclosing_band(double reported, double truth, double below, double above,
                                  double above_share) {
  return std::isfinite(reported) && reported >= truth - below &&
         reported <= truth + std::max(above, above_share * truth);
}

} // namespace gpucheck
