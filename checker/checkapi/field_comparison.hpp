// SPDX-License-Identifier: MIT
/// @file field_comparison.hpp
/// @brief A record the student filled, compared field by field with the values an API gives
/// exactly (a device's properties): which fields differ, and the slip a wrong number shows.
///
/// Exact values leave no room for noise: a field is right or wrong. A wrong number may still be a
/// slip the student can be told (slip_analysis.hpp): another field's value, a unit 1000 times off.
/// Plain C++, tested without a GPU (test_checkapi_field_comparison).
#pragma once

#include "checkapi/results_channel.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace gpucheck {

/// One field: its name, what the student reported and the truth, as text.
struct compared_field {
  std::string name;
  std::string reported;
  std::string truth;
};

/// A field of any type that std::to_string shows, or of text.
template <typename T> compared_field compare_field(const char* name, T reported, T truth) {
  if constexpr (std::is_same_v<T, std::string>) {
    return {name, reported, truth};
  } else {
    return {name, std::to_string(reported), std::to_string(truth)};
  }
}

/// Which fields differ from their truth.
struct fields_compared {
  std::string wrong_names; ///< "sm_clock_khz, l2_cache_bytes"; "" when all agree
  const compared_field* first_wrong = nullptr; ///< the first that differs, or none
};

fields_compared compare_fields(const std::vector<compared_field>& fields);

/// Names the slip in `wrong`'s number against its truth and the other numeric fields' truths,
/// exactly (slip_analysis.hpp): two fields swapped, a unit 1000 times off; a field whose name
/// holds "_bytes" counts bytes. A field whose truth is no number (a name) has no slip, and is
/// nobody's. Leaves `outcome` as it is when no slip fits.
void name_field_slip(check_outcome& outcome, const compared_field& wrong,
                     const std::vector<compared_field>& fields);

} // namespace gpucheck
