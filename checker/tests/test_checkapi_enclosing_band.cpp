// SPDX-License-Identifier: MIT
// A time measured around work against the truth read inside it (checkapi/enclosing_band.hpp):
// never shorter but for the resolution, longer by at most the larger of a floor and a share.
#include "checkapi/enclosing_band.hpp"

#include <doctest/doctest.h>

#include <limits>

using gpucheck::within_enclosing_band;

TEST_CASE("a time around work agrees when it encloses the truth, within the larger allowance") {
  // Below: 0.5, floor above: 2, share above: 25% (numbers in any one unit).
  CHECK(within_enclosing_band(5.0, 5.0, 0.5, 2.0, 0.25));
  CHECK(within_enclosing_band(4.6, 5.0, 0.5, 2.0, 0.25));       // within the resolution below
  CHECK_FALSE(within_enclosing_band(4.4, 5.0, 0.5, 2.0, 0.25)); // shorter than the work inside
  CHECK(within_enclosing_band(7.0, 5.0, 0.5, 2.0, 0.25));       // the floor, for short work
  CHECK_FALSE(within_enclosing_band(7.1, 5.0, 0.5, 2.0, 0.25));
  CHECK(within_enclosing_band(25.0, 20.0, 0.5, 2.0, 0.25)); // the share, for long work
  CHECK_FALSE(within_enclosing_band(25.1, 20.0, 0.5, 2.0, 0.25));
  CHECK_FALSE(within_enclosing_band(std::numeric_limits<double>::quiet_NaN(), 5.0, 0.5, 2.0, 0.25));
  CHECK_FALSE(within_enclosing_band(std::numeric_limits<double>::infinity(), 5.0, 0.5, 2.0, 0.25));
}
