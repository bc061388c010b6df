// SPDX-License-Identifier: MIT
#include "judgement/transfer_judgement.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"
#include "common/durations.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {

double overlap_floor_ms(double bytes_each_way, link_peak peak) {
  const double slower = std::min(peak.to_device_gbps, peak.to_host_gbps);
  if (!(slower > 0))
    return 0;
  return bytes_each_way / (slower * 1e9) * 1e3;
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

bool noise_could_explain_speed(speed_verdict verdict, bool machine_loaded) {
  return verdict != speed_verdict::fast_enough && machine_loaded;
}

bool shows_no_overlap(const round_trip_times& times) {
  return times.student_ms >= 0.95 * times.pinned_serial_ms;
}

transfer_advice advise_on_bandwidth(bandwidth_slip slip, double reported_gbps, double truth_gbps,
                                    double bytes) {
  const std::string reported = gbps_text(reported_gbps);
  const std::string truth = gbps_text(truth_gbps);
  switch (slip) {
  case bandwidth_slip::none:
    return {};
  case bandwidth_slip::in_gib_per_s:
    return {say("check.l07.bandwidth.gib.message", {{"reported", reported}, {"truth", truth}}),
            say("check.l07.bandwidth.gib.hint")};
  case bandwidth_slip::round_trip_counted_once:
    return {say("check.l07.bandwidth.once.message", {{"reported", reported}, {"truth", truth}}),
            say("check.l07.bandwidth.once.hint")};
  case bandwidth_slip::in_mb_per_s:
    return {say("check.l07.bandwidth.mb.message", {{"reported", reported}, {"truth", truth}}),
            say("check.l07.bandwidth.mb.hint")};
  case bandwidth_slip::ms_as_seconds: {
    slip_result thousandth;
    thousandth.kind = slip_kind::over_1000;
    thousandth.expected = truth_gbps * 1e-3;
    thousandth.factor = reported_gbps / truth_gbps;
    const slip_words words = describe_slip(thousandth, reported_gbps, truth_gbps, "GB/s");
    return {words.message, words.hint};
  }
  case bandwidth_slip::whole_ms_time: {
    const slip_words words = describe_whole_ms_time(reported_gbps, bytes, truth_gbps, bytes);
    return {words.message, words.hint};
  }
  case bandwidth_slip::other:
    return {say("check.l07.bandwidth.other.message", {{"reported", reported}, {"truth", truth}}),
            say("check.l07.bandwidth.other.hint")};
  }
  return {};
}

host_memory job_memory(host_memory in, host_memory out) {
  if (in == host_memory::managed || out == host_memory::managed)
    return host_memory::managed;
  if (in == host_memory::pageable || out == host_memory::pageable)
    return host_memory::pageable;
  if (in == host_memory::pinned && out == host_memory::pinned)
    return host_memory::pinned;
  return host_memory::unknown;
}

bool assumes_pageable_copies(speed_verdict verdict, host_memory memory) {
  return verdict == speed_verdict::not_faster_than_pageable && memory != host_memory::managed;
}

transfer_advice advise_on_speed(speed_verdict verdict, const round_trip_times& times, speed_bar bar,
                                host_memory memory) {
  if (verdict != speed_verdict::fast_enough && memory == host_memory::managed)
    return {
        say("check.l07.speed.managed.message", {{"yours", format_ms(times.student_ms)},
                                                {"pinned", format_ms(times.pinned_serial_ms)},
                                                {"pageable", format_ms(times.pageable_serial_ms)}}),
        say("check.l07.speed.managed.hint")};
  switch (verdict) {
  case speed_verdict::fast_enough:
    return {};
  case speed_verdict::below_peak_share:
    return {
        say("check.l07.speed.below-peak.message", {{"share", share_text(share_of_peak(times))},
                                                   {"bar", share_text(bar.share_of_peak)},
                                                   {"yours", format_ms(times.student_ms)},
                                                   {"serial", format_ms(times.pinned_serial_ms)}}),
        say("check.l07.speed.below-peak.hint")};
  case speed_verdict::not_faster_than_pageable:
    return {
        say("check.l07.speed.pageable.message", {{"yours", format_ms(times.student_ms)},
                                                 {"pageable", format_ms(times.pageable_serial_ms)},
                                                 {"pinned", format_ms(times.pinned_serial_ms)}}),
        // Buffers the check knows are pinned get no advice to pin them.
        memory == host_memory::pinned ? say("check.l07.speed.pageable.pinned.hint")
                                      : say("check.l07.speed.pageable.hint")};
  }
  return {};
}

} // namespace gpucheck
