// SPDX-License-Identifier: MIT
#include "checkapi/bandwidth.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/slip_analysis.hpp"

#include <cmath>

namespace gpucheck {

double bandwidth_gbps(double bytes, double ms) {
  if (!(ms > 0))
    return 0;
  return bytes / (ms * 1e-3) / 1e9;
}

std::string bandwidth_slip_id(bandwidth_slip slip) {
  switch (slip) {
  case bandwidth_slip::in_gib_per_s:
    return slip_id(slip_kind::gib_for_gb);
  case bandwidth_slip::in_mb_per_s:
    return slip_id(slip_kind::times_1000);
  case bandwidth_slip::ms_as_seconds:
    return slip_id(slip_kind::over_1000);
  case bandwidth_slip::round_trip_counted_once:
    return "round-trip-counted-once";
  case bandwidth_slip::none:
  case bandwidth_slip::other:
    return "";
  }
  return "";
}

bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps) {
  if (!std::isfinite(reported_gbps) || !(truth_gbps > 0))
    return bandwidth_slip::other;
  slip_question q;
  q.returned = reported_gbps;
  q.truth = truth_gbps;
  q.relative = bandwidth_relative_tolerance;
  q.bytes = true;
  const slip_result found = find_slip(q);
  if (found.right)
    return bandwidth_slip::none;
  switch (found.kind) {
  case slip_kind::gib_for_gb:
    return bandwidth_slip::in_gib_per_s;
  case slip_kind::times_1000:
    return bandwidth_slip::in_mb_per_s;
  case slip_kind::over_1000:
    return bandwidth_slip::ms_as_seconds;
  default:
    break;
  }
  const double gib = 1e9 / 1073741824.0;
  // Half the truth, or half of it in GiB: one direction's bytes over the whole round trip.
  if (within_relative(reported_gbps, truth_gbps / 2, bandwidth_relative_tolerance) ||
      within_relative(reported_gbps, truth_gbps * gib / 2, 0.02))
    return bandwidth_slip::round_trip_counted_once;
  return bandwidth_slip::other;
}

} // namespace gpucheck
