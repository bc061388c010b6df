// SPDX-License-Identifier: MIT
/// @file statistics.hpp
/// @brief Small statistics the checks use to turn repeated measurements into one number.
#pragma once

#include <algorithm>
#include <vector>

namespace gpucheck {

/// The median of `values` (the upper one of the two middle values for an even count; 0 for none).
/// Checks use medians, not means: one run disturbed by the machine must not move the result.
inline double median(std::vector<double> values) {
  if (values.empty()) {
    return 0.0;
  }
  const auto middle = values.begin() + static_cast<long>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

} // namespace gpucheck
