// SPDX-License-Identifier: MIT
// How the judgements write the numbers of their messages: one place for each unit, so that a
// bandwidth or a share reads the same in every lesson's report.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace gpucheck {

// One number as printf's `format` writes it (a format with exactly one conversion, of `value`).
template <class Number> std::string number_text(const char* format, Number value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

inline std::string gbps_text(double gbps) {
  return number_text("%.4g GB/s", gbps);
}

// A fraction as a whole percentage: 0.8 is "80%".
inline std::string share_text(double share) {
  return number_text("%.0f%%", share * 100);
}

// Whether value is within `relative` (0.05 is 5%) of target.
inline bool within_relative(double value, double target, double relative) {
  return std::fabs(value - target) <= relative * std::fabs(target);
}

} // namespace gpucheck
