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
  case bandwidth_slip::whole_ms_time:
    return slip_id(slip_kind::whole_units);
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

namespace {

// [ms] The time under a bandwidth: `bytes` over it.
double time_under(double gbps, double bytes) {
  return bytes / (gbps * 1e9) * 1e3;
}

} // namespace

slip_result find_whole_ms_time(double reported_gbps, double divided_bytes, double truth_gbps,
                               double moved_bytes, double relative) {
  if (!std::isfinite(reported_gbps) || !(reported_gbps > 0) || !(truth_gbps > 0) ||
      !(divided_bytes > 0) || !(moved_bytes > 0))
    return {};
  return find_whole_time_slip(time_under(reported_gbps, divided_bytes),
                              time_under(truth_gbps, moved_bytes), relative, 1.0);
}

bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps, double bytes) {
  if (find_whole_ms_time(reported_gbps, bytes, truth_gbps, bytes).kind != slip_kind::none)
    return bandwidth_slip::whole_ms_time;
  return find_bandwidth_slip(reported_gbps, truth_gbps);
}

slip_words describe_whole_ms_time(double reported_gbps, double divided_bytes, double truth_gbps,
                                  double moved_bytes) {
  return describe_whole_time_slip(reported_gbps, truth_gbps, "GB/s",
                                  time_under(reported_gbps, divided_bytes),
                                  time_under(truth_gbps, moved_bytes));
}

} // namespace gpucheck
