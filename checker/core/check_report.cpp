// SPDX-License-Identifier: MIT
#include "core/check_report.hpp"

#include <algorithm>

namespace gpucheck {

int check_report::passed_count() const {
  return static_cast<int>(
      std::count_if(checks.begin(), checks.end(), [](const check_item& c) { return c.passed; }));
}

int check_report::failed_count() const {
  return static_cast<int>(checks.size()) - passed_count();
}

} // namespace gpucheck
