// SPDX-License-Identifier: MIT
// A record compared field by field with exact truths (field_comparison.hpp), and the copy pattern
// that tells whether bytes arrived (byte_pattern.hpp): plain C++, tested without a GPU.
#include "checkapi/byte_pattern.hpp"
#include "checkapi/field_comparison.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using gpucheck::compare_field;
using gpucheck::compared_field;

namespace {

// A device's summary as a student reported it: `sms` and `l2` in place of the truths 132 and
// 52000000.
std::vector<compared_field> summary(int sms, long l2) {
  return {compare_field("name", std::string("NVIDIA H100"), std::string("NVIDIA H100")),
          compare_field("multiprocessor_count", sms, 132),
          compare_field("l2_cache_bytes", l2, 52000000L),
          compare_field("sm_clock_khz", 1980000, 1980000)};
}

} // namespace

TEST_CASE("compare_fields names every field that differs, and points at the first") {
  const auto right = summary(132, 52000000);
  CHECK(gpucheck::compare_fields(right).first_wrong == nullptr);
  CHECK(gpucheck::compare_fields(right).wrong_names.empty());

  const auto two_wrong = summary(131, 50000000);
  const gpucheck::fields_compared compared = gpucheck::compare_fields(two_wrong);
  REQUIRE(compared.first_wrong == &two_wrong[1]);
  CHECK(compared.wrong_names == "multiprocessor_count, l2_cache_bytes");

  const auto name_wrong =
      std::vector<compared_field>{compare_field("name", std::string(""), std::string("A100"))};
  CHECK(gpucheck::compare_fields(name_wrong).wrong_names == "name");
}

TEST_CASE("name_field_slip names another field's value and a unit, and nothing in a name") {
  gpucheck::check_outcome outcome;
  const auto swapped = summary(1980000, 52000000); // the SM clock where the SM count was asked
  gpucheck::name_field_slip(outcome, swapped[1], swapped);
  CHECK(outcome.slip == "swapped");
  CHECK(outcome.message.find("sm_clock_khz") != std::string::npos);

  gpucheck::check_outcome kb;
  const auto in_kb = summary(132, 52000); // 52000000 bytes / 1000
  gpucheck::name_field_slip(kb, in_kb[2], in_kb);
  CHECK(kb.slip == "over-1000");

  gpucheck::check_outcome none;
  const auto off_by_one = summary(131, 52000000);
  gpucheck::name_field_slip(none, off_by_one[1], off_by_one);
  CHECK(none.slip.empty());
  CHECK(none.message.empty());

  gpucheck::check_outcome in_a_name;
  const std::vector<compared_field> names = {
      compare_field("name", std::string("132"), std::string("NVIDIA H100")),
      compare_field("multiprocessor_count", 132, 132)};
  gpucheck::name_field_slip(in_a_name, names[0], names);
  CHECK(in_a_name.slip.empty());
}

TEST_CASE("a copy holds the pattern only where every word arrived") {
  std::vector<unsigned char> source(4096), copy(4096);
  const std::uint32_t seed = gpucheck::fill_with_pattern(source.data(), source.size());
  copy = source;
  CHECK(gpucheck::holds_pattern(copy.data(), copy.size(), seed));
  copy[4000] ^= 1; // a copy that stopped short of its last words
  CHECK_FALSE(gpucheck::holds_pattern(copy.data(), copy.size(), seed));
  const std::uint32_t again = gpucheck::fill_with_pattern(source.data(), source.size());
  CHECK_FALSE(gpucheck::holds_pattern(source.data(), source.size(), again + 1));
}
