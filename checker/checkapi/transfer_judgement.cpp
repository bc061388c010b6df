// SPDX-License-Identifier: MIT
#include "checkapi/transfer_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {
namespace {

bool within(double value, double target, double relative) {
  return std::fabs(value - target) <= relative * std::fabs(target);
}

} // namespace

double bandwidth_gbps(double bytes, double ms) {
  if (!(ms > 0))
    return 0;
  return bytes / (ms * 1e-3) / 1e9;
}

double overlap_floor_ms(double bytes_each_way, link_peak peak) {
  const double slower = std::min(peak.to_device_gbps, peak.to_host_gbps);
  if (!(slower > 0))
    return 0;
  return bytes_each_way / (slower * 1e9) * 1e3;
}

bandwidth_slip find_bandwidth_slip(double reported_gbps, double truth_gbps) {
  if (!std::isfinite(reported_gbps) || !(truth_gbps > 0))
    return bandwidth_slip::other;
  if (within(reported_gbps, truth_gbps, bandwidth_relative_tolerance))
    return bandwidth_slip::none;
  const double gib = 1e9 / 1073741824.0;
  // The GiB slip (0.931) and the tolerance (3%) leave a gap between them: asked with 2% around it.
  if (within(reported_gbps, truth_gbps * gib, 0.02))
    return bandwidth_slip::in_gib_per_s;
  // Half the truth, or half of it in GiB: one direction's bytes over the whole round trip.
  if (within(reported_gbps, truth_gbps / 2, bandwidth_relative_tolerance) ||
      within(reported_gbps, truth_gbps * gib / 2, 0.02))
    return bandwidth_slip::round_trip_counted_once;
  if (within(reported_gbps, truth_gbps * 1e3, bandwidth_relative_tolerance))
    return bandwidth_slip::in_mb_per_s;
  return bandwidth_slip::other;
}

double share_of_peak(const round_trip_times& times) {
  if (!(times.student_ms > 0))
    return 0;
  return overlap_floor_ms(times.bytes_each_way, times.peak) / times.student_ms;
}

speed_verdict judge_speed(const round_trip_times& times, speed_bar bar) {
  // The gain pinning alone buys (pageable serial over pinned serial), and the student's over the
  // same pageable baseline: the student's must be at least share_of_pinning_gain of it.
  if (times.pinned_serial_ms > 0 && times.student_ms > 0) {
    const double pinning_gain = times.pageable_serial_ms / times.pinned_serial_ms;
    const double student_gain = times.pageable_serial_ms / times.student_ms;
    if (student_gain < bar.share_of_pinning_gain * pinning_gain)
      return speed_verdict::not_faster_than_pageable;
  }
  if (share_of_peak(times) < bar.share_of_peak)
    return speed_verdict::below_peak_share;
  return speed_verdict::fast_enough;
}

bool noise_could_explain_speed(speed_verdict verdict, const round_trip_times& times,
                               bool machine_loaded) {
  if (verdict == speed_verdict::fast_enough || !machine_loaded)
    return false;
  // No faster than one stream, while the checker's one stream ran in the same conditions: the
  // student's version did not overlap, whatever the neighbour did.
  return times.student_ms < 0.95 * times.pinned_serial_ms;
}

} // namespace gpucheck
