// SPDX-License-Identifier: MIT
#include "timeline/detail/duration_text.hpp"

#include "report/svg_writer.hpp"

#include <cmath>
#include <cstdlib>

namespace gpucheck::report::detail {

std::string duration_text(trace::time_ns duration_ns) {
  const double magnitude = std::abs(static_cast<double>(duration_ns));
  struct unit {
    double scale_ns;
    const char* name;
  };
  static constexpr unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1.0, "ns"}};
  for (const unit& u : units) {
    // 999.95 µs would print as "1000 µs": promote it to the next unit up instead.
    if (magnitude >= u.scale_ns * 0.9995 || u.scale_ns == 1.0) {
      const double value = static_cast<double>(duration_ns) / u.scale_ns;
      const double abs_value = std::abs(value);
      const int decimals = u.scale_ns == 1.0   ? 0
                           : abs_value < 9.995 ? 2
                           : abs_value < 99.95 ? 1
                                               : 0;
      return format_number(value, decimals) + " " + u.name;
    }
  }
  return "0 ns";
}

} // namespace gpucheck::report::detail
