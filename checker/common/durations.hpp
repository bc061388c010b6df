// SPDX-License-Identifier: MIT
/// @file durations.hpp
/// @brief The one way a duration is written for a student, in check reports, lint findings and
/// timelines alike: milliseconds with three decimals ("2.378 ms"), microseconds below 0.1 ms
/// ("40.0 us"), seconds from 1000 ms ("1.50 s").
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace gpucheck {

/// 2.3781 -> "2.378 ms", 0.04 -> "40.0 us", 1500 -> "1.50 s", 0 -> "0.000 ms"; NaN and infinities
/// as printf writes them ("nan ms").
inline std::string format_ms(double milliseconds) {
  char text[64];
  if (!std::isfinite(milliseconds)) {
    std::snprintf(text, sizeof text, "%g ms", milliseconds);
  } else if (std::abs(milliseconds) >= 1000.0) {
    std::snprintf(text, sizeof text, "%.2f s", milliseconds / 1000.0);
  } else if (std::abs(milliseconds) >= 0.1 || milliseconds == 0.0) {
    std::snprintf(text, sizeof text, "%.3f ms", milliseconds);
  } else {
    std::snprintf(text, sizeof text, "%.1f us", milliseconds * 1000.0);
  }
  return text;
}

/// The same, from nanoseconds (the trace's unit).
inline std::string format_duration_ns(std::int64_t duration_ns) {
  return format_ms(static_cast<double>(duration_ns) * 1e-6);
}

} // namespace gpucheck
