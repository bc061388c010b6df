// SPDX-License-Identifier: MIT
/// @file statistics.hpp
/// @brief Small statistics the checks use to turn repeated measurements into one number.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace gpucheck {

/// The value at position floor(`fraction` x n) of `values` sorted (0 for none): the lower quartile
/// at 0.25, the median as median() at 0.5, the upper quartile at 0.75. A lesson that asks students
/// for quartiles asks for the same positions (in its exercise.h).
inline double sorted_position(std::vector<double> values, double fraction) {
  if (values.empty()) {
    return 0.0;
  }
  auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size()));
  index = std::min(index, values.size() - 1);
  const auto at = values.begin() + static_cast<long>(index);
  std::nth_element(values.begin(), at, values.end());
  return *at;
}

/// The median of `values` (the upper one of the two middle values for an even count; 0 for none).
/// Checks use medians, not means: one run disturbed by the machine must not move the result.
inline double median(std::vector<double> values) {
  return sorted_position(std::move(values), 0.5);
}

/// The relative spread of `values`: (upper quartile - lower quartile) / median, with the
/// positions of sorted_position(). 0 for no values or a median of 0. One value far off moves it
/// no more than any other value does, unlike a standard deviation.
inline double relative_spread(const std::vector<double>& values) {
  const double middle = median(values);
  if (values.empty() || middle == 0.0) {
    return 0.0;
  }
  return (sorted_position(values, 0.75) - sorted_position(values, 0.25)) / middle;
}

} // namespace gpucheck
