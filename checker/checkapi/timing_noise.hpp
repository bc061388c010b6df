// SPDX-License-Identifier: MIT
/// @file timing_noise.hpp
/// @brief How noisy timing is on this GPU, right now: measured, so that tolerances need not guess.
#pragma once

#include "checkapi/judge.hpp"

namespace gpucheck {

/// The spread of a few timings of work whose true duration is known (1 ms of known_duration_work,
/// seven times, timed with a host clock around a stream synchronize and with events). The jitter is
/// the second largest minus the smallest excess over the truth, so one outlier does not count.
struct timing_noise {
  bool measured = false;      ///< false where there is no usable device or a CUDA call failed
  double host_jitter_ms = 0;  ///< spread of (host-clock time - true time)
  double event_jitter_ms = 0; ///< spread of (event time - true time)
  int samples = 0;
};

/// Measured once per process, on first use (check_main measures it before the checks run, again
/// after a check fails twice in a way noise could explain, and reports the largest; gpucheck
/// reports a run whose noise exceeds the checks' absolute tolerances as too noisy to fail). Costs
/// about 10 ms of GPU time.
const timing_noise& measured_noise();

/// A new measurement, now (measured_noise() keeps the first).
timing_noise measure_noise_now();

/// `tolerance` widened so that its absolute part is at least twice the measured jitter of the
/// given kind of timer: a check may use it instead of declaring the run inconclusive.
time_tolerance widen_for_noise(time_tolerance tolerance, const timing_noise& noise,
                               bool event_timer);

} // namespace gpucheck
