// SPDX-License-Identifier: MIT
/// @file byte_pattern.hpp
/// @brief A fresh pattern of 32-bit words, to tell whether a copy really arrived.
///
/// A copy that did not happen, went the wrong way or stopped part way leaves a destination that
/// does not hold the pattern. The pattern is drawn afresh each time (its seed), so that no bytes
/// left over from an earlier copy can pass for this one; the copy is compared with the pattern
/// itself, not with the source, which a copy in the wrong direction would have overwritten.
#pragma once

#include "checkapi/random_draw.hpp"

#include <cstddef>
#include <cstdint>

namespace gpucheck {

/// The word at `index` of the pattern of `seed`.
inline std::uint32_t pattern_word(std::uint32_t seed, std::size_t index) {
  return seed + static_cast<std::uint32_t>(index) * 2654435761u;
}

/// Fills the first `bytes` of `memory` (whole words) with a fresh pattern; returns its seed.
inline std::uint32_t fill_with_pattern(unsigned char* memory, std::size_t bytes) {
  const auto seed = static_cast<std::uint32_t>(random_between(1.0, 4.0e9));
  auto* words = reinterpret_cast<std::uint32_t*>(memory);
  for (std::size_t i = 0; i < bytes / 4; ++i) {
    words[i] = pattern_word(seed, i);
  }
  return seed;
}

/// Whether the first `bytes` of `copy` (whole words) hold the pattern of `seed`.
inline bool holds_pattern(const unsigned char* copy, std::size_t bytes, std::uint32_t seed) {
  const auto* words = reinterpret_cast<const std::uint32_t*>(copy);
  for (std::size_t i = 0; i < bytes / 4; ++i) {
    if (words[i] != pattern_word(seed, i)) {
      return false;
    }
  }
  return true;
}

} // namespace gpucheck
