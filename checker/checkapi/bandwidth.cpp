// SPDX-License-Identifier: MIT
#include "checkapi/bandwidth.hpp"

#include "checkapi/number_text.hpp"

#include <cmath>

namespace gpucheck {

double bandwidth_gbps(double bytes, double ms) {
  if (!(ms > 0))
    return 0;
  return bytes / (ms * 1e-3) / 1e9;
}

bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps) {
  if (!std::isfinite(reported_gbps) || !(truth_gbps > 0))
    return bandwidth_slip::other;
  if (within_relative(reported_gbps, truth_gbps, bandwidth_relative_tolerance))
    return bandwidth_slip::none;
  const double gib = 1e9 / 1073741824.0;
  // The GiB slip (0.931) and the tolerance (3%) leave a gap between them: asked with 2% around it.
  if (within_relative(reported_gbps, truth_gbps * gib, 0.02))
    return bandwidth_slip::in_gib_per_s;
  // Half the truth, or half of it in GiB: one direction's bytes over the whole round trip.
  if (within_relative(reported_gbps, truth_gbps / 2, bandwidth_relative_tolerance) ||
      within_relative(reported_gbps, truth_gbps * gib / 2, 0.02))
    return bandwidth_slip::round_trip_counted_once;
  if (within_relative(reported_gbps, truth_gbps * 1e3, bandwidth_relative_tolerance))
    return bandwidth_slip::in_mb_per_s;
  return bandwidth_slip::other;
}

} // namespace gpucheck
