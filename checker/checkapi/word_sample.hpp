// SPDX-License-Identifier: MIT
/// @file word_sample.hpp
/// @brief The input words of a job, and the sample of its output a check reads at once when the
/// student's function returns (reading every word would give late work time to finish).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpucheck {

/// Fills `count` words with xorshift32 from `seed` (made odd, so never the stuck state 0): words
/// no kernel's leftover matches, cheap to make on the host.
inline void fill_xorshift_words(std::uint32_t* words, std::size_t count, std::uint32_t seed) {
  std::uint32_t x = seed | 1u;
  for (std::size_t i = 0; i < count; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    words[i] = x;
  }
}

/// The indices of a job of `count` words (at least 64) that a check reads, in this order: every
/// 4099th word, the first and last of each of 64 equal parts (where chunk boundaries fall), and
/// the last `tail` words (where a remainder that no chunk took lies).
inline std::vector<std::size_t> sampled_words(std::size_t count, std::size_t tail) {
  std::vector<std::size_t> sample;
  for (std::size_t i = 0; i < count; i += 4099)
    sample.push_back(i);
  for (std::size_t part = 0; part < 64; ++part) {
    sample.push_back(part * (count / 64));
    sample.push_back((part + 1) * (count / 64) - 1);
  }
  for (std::size_t i = count > tail ? count - tail : 0; i < count; ++i)
    sample.push_back(i);
  return sample;
}

} // namespace gpucheck
