// SPDX-License-Identifier: MIT
/// @file non_finite.hpp
/// @brief NaN or infinity in a result array: a wrong result, reported with the first bad index.
#pragma once

#include "checkapi/results_channel.hpp"
#include "checkapi/say.hpp"

#include <cmath>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>

namespace gpucheck {

/// The index of the first NaN or infinite value of `values` (any range of numbers: a
/// std::vector<float>, an array, ...), or nullopt when every value is finite.
template <class Range> std::optional<std::size_t> first_non_finite(const Range& values) {
  std::size_t index = 0;
  for (const auto& value : values) {
    if (!std::isfinite(static_cast<double>(value))) {
      return index;
    }
    ++index;
  }
  return std::nullopt;
}

/// The same for `count` values at `data`.
template <class T> std::optional<std::size_t> first_non_finite(const T* data, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (!std::isfinite(static_cast<double>(data[i]))) {
      return i;
    }
  }
  return std::nullopt;
}

/// A ready-made outcome for `what` (e.g. "C = A x B"): passed when every value is finite, and
/// otherwise a wrong result naming the first bad index and its value. Report it before comparing
/// values, so that a NaN is named as such rather than as "differs from the expected value".
template <class Range>
check_outcome check_all_finite(const std::string& what, const Range& values) {
  check_outcome outcome;
  outcome.name = say("check.api.finite.name", {{"what", what}});
  const auto bad = first_non_finite(values);
  outcome.passed = !bad.has_value();
  outcome.expected = say("check.api.finite.expected");
  if (bad) {
    const double value = static_cast<double>(*(std::next(std::begin(values), *bad)));
    const std::string word = std::isnan(value) ? "NaN" : (value > 0 ? "+inf" : "-inf");
    outcome.measured =
        say("check.api.finite.measured", {{"value", word},
                                          {"index", std::to_string(*bad)},
                                          {"count", std::to_string(std::size(values))}});
    outcome.message =
        say("check.api.finite.message", {{"value", word}, {"index", std::to_string(*bad)}});
    outcome.hint = say("check.api.finite.hint");
  }
  return outcome;
}

} // namespace gpucheck
