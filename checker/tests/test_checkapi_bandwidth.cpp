// SPDX-License-Identifier: MIT
// A bandwidth from bytes and time, and the slips a reported bandwidth's number shows
// (checkapi/bandwidth.hpp).
#include "checkapi/bandwidth.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace gpucheck;

TEST_CASE("bandwidth is bytes over time, in GB/s") {
  CHECK(bandwidth_gbps(55e9, 1000) == doctest::Approx(55));
  CHECK(bandwidth_gbps(1e9, 0) == 0);
}

TEST_CASE("a reported bandwidth: right, or the slip its number shows") {
  const double truth = 80;
  CHECK(find_bandwidth_slip(80, truth) == bandwidth_slip::none);
  CHECK(find_bandwidth_slip(80 * 1.02, truth) == bandwidth_slip::none);
  CHECK(find_bandwidth_slip(80 * 1e9 / 1073741824.0, truth) == bandwidth_slip::in_gib_per_s);
  CHECK(find_bandwidth_slip(40, truth) == bandwidth_slip::round_trip_counted_once);
  CHECK(find_bandwidth_slip(40 * 1e9 / 1073741824.0, truth) ==
        bandwidth_slip::round_trip_counted_once);
  CHECK(find_bandwidth_slip(80000, truth) == bandwidth_slip::in_mb_per_s);
  CHECK(find_bandwidth_slip(0.0803, truth) == bandwidth_slip::ms_as_seconds);
  CHECK(find_bandwidth_slip(0.2, truth) == bandwidth_slip::other);
  CHECK(find_bandwidth_slip(200, truth) == bandwidth_slip::other);
  CHECK(find_bandwidth_slip(std::nan(""), truth) == bandwidth_slip::other);
  CHECK(bandwidth_slip_id(bandwidth_slip::ms_as_seconds) == "over-1000");
  CHECK(bandwidth_slip_id(bandwidth_slip::in_gib_per_s) == "gib-for-gb");
  CHECK(bandwidth_slip_id(bandwidth_slip::other).empty());
}
