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

// A round trip of 5.6 ms (512 MiB each way at 96 GB/s) timed right and cut to 5 ms reads
// 107 GB/s, 12% high: within what a busy GPU's delays can make of the checker's own events. The
// bytes over the number give back exactly 5 ms.
TEST_CASE("a bandwidth over a time made whole milliseconds shows it through the bytes") {
  const double bytes = 2.0 * ((1 << 26) - 5) * 4;
  const double truth = bandwidth_gbps(bytes, 5.6);
  const double cut = bandwidth_gbps(bytes, 5.0);
  CHECK(find_bandwidth_slip(cut, truth) == bandwidth_slip::other); // the number alone: no slip
  CHECK(find_bandwidth_slip(cut, truth, bytes) == bandwidth_slip::whole_ms_time);
  CHECK(find_whole_ms_time(cut, bytes, truth, bytes).kind == slip_kind::whole_units); // or round
  CHECK(find_whole_ms_time(bandwidth_gbps(bytes, 5.0), bytes, bandwidth_gbps(bytes, 5.8), bytes)
            .kind == slip_kind::truncated);
  CHECK(bandwidth_slip_id(bandwidth_slip::whole_ms_time) == "whole-units");
  SUBCASE("a time with a fraction, or the right one, is not whole milliseconds") {
    CHECK(find_bandwidth_slip(bandwidth_gbps(bytes, 5.0004), truth, bytes) ==
          bandwidth_slip::other);
    CHECK(find_bandwidth_slip(bandwidth_gbps(bytes, 5.65), truth, bytes) == bandwidth_slip::none);
  }
  SUBCASE("the bytes the student divided give the time, the bytes moved the truth's") {
    const double counted = bytes / 2; // one direction counted: the number is half of a 5 ms one
    CHECK(find_whole_ms_time(bandwidth_gbps(counted, 5.0), counted, truth, bytes).kind !=
          slip_kind::none);
  }
  const slip_words words = describe_whole_ms_time(cut, bytes, truth, bytes);
  CHECK(words.message.find("exactly 5 ms") != std::string::npos);
  CHECK(words.message.find("5.6 ms") != std::string::npos);
}
