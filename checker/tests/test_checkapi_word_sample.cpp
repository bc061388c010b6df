// SPDX-License-Identifier: MIT
// The words a job's input is made of and the sample of its output a check reads
// (checkapi/word_sample.hpp).
#include "checkapi/word_sample.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

TEST_CASE("xorshift words are the same for a seed, and differ from word to word") {
  std::vector<std::uint32_t> one(1000), again(1000), other(1000);
  gpucheck::fill_xorshift_words(one.data(), one.size(), 42);
  gpucheck::fill_xorshift_words(again.data(), again.size(), 42);
  gpucheck::fill_xorshift_words(other.data(), other.size(), 7);
  CHECK(one == again);
  CHECK(one != other);
  CHECK(std::set<std::uint32_t>(one.begin(), one.end()).size() == one.size());
  // An even seed is made odd: 42 and 43 start from the same state, 0 never sticks at 0.
  std::vector<std::uint32_t> odd(1000), from_zero(4);
  gpucheck::fill_xorshift_words(odd.data(), odd.size(), 43);
  CHECK(one == odd);
  gpucheck::fill_xorshift_words(from_zero.data(), from_zero.size(), 0);
  CHECK(std::none_of(from_zero.begin(), from_zero.end(), [](std::uint32_t w) { return w == 0; }));
}

TEST_CASE("the sample holds every 4099th word, the parts' ends and the tail, in that order") {
  const std::size_t count = (std::size_t{1} << 20) + 7;
  const std::vector<std::size_t> without_tail = gpucheck::sampled_words(count, 0);
  const std::vector<std::size_t> with_tail = gpucheck::sampled_words(count, 1024);
  const std::size_t strided = (count + 4098) / 4099;
  REQUIRE(without_tail.size() == strided + 128);
  REQUIRE(with_tail.size() == strided + 128 + 1024);
  CHECK(std::equal(without_tail.begin(), without_tail.end(), with_tail.begin()));
  CHECK(without_tail[1] == 4099);
  const std::size_t part = count / 64;
  CHECK(without_tail[strided] == 0);
  CHECK(without_tail[strided + 1] == part - 1);
  CHECK(without_tail.back() == 64 * part - 1); // the remainder past the 64 parts is not in it
  CHECK(with_tail[strided + 128] == count - 1024);
  CHECK(with_tail.back() == count - 1);
  CHECK(std::all_of(with_tail.begin(), with_tail.end(), [&](std::size_t i) { return i < count; }));
}
