// SPDX-License-Identifier: MIT
#include "checkapi/judge.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpucheck {

double time_tolerance::allowed_ms(double truth_ms) const {
  return std::max(relative * truth_ms, absolute_ms);
}

time_verdict judge_time(double reported_ms, double truth_ms, time_tolerance tolerance) {
  if (!std::isfinite(reported_ms) || reported_ms < 0) {
    return time_verdict::not_a_number;
  }
  const double error_ms = reported_ms - truth_ms;
  if (std::abs(error_ms) <= tolerance.allowed_ms(truth_ms)) {
    return time_verdict::accurate;
  }
  return error_ms > 0 ? time_verdict::too_long : time_verdict::too_short;
}

bool noise_could_cause(time_verdict verdict, bool own_clock) {
  switch (verdict) {
  case time_verdict::accurate:
  case time_verdict::too_long:
    return true;
  case time_verdict::too_short:
    return !own_clock;
  case time_verdict::not_a_number:
    return false;
  }
  return false;
}

} // namespace gpucheck
