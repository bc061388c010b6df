// SPDX-License-Identifier: MIT
#include "detail/cupti_call.hpp"

#include <cstdio>

namespace gputrace::detail {

namespace {
constexpr int max_reports_per_site = 3;
}

bool check_cupti(CUptiResult result, const char* call_text, const char* file, int line,
                 int* times_reported) {
  if (result == CUPTI_SUCCESS) {
    return true;
  }
  // Not atomic on purpose: an extra message from a race is harmless, a lock here is not.
  if (*times_reported < max_reports_per_site) {
    ++*times_reported;
    const char* reason = nullptr;
    if (cuptiGetResultString(result, &reason) != CUPTI_SUCCESS || reason == nullptr) {
      reason = "unknown CUPTI error";
    }
    std::fprintf(stderr, "gputrace: %s:%d: %s failed: %s (%d)\n", file, line, call_text, reason,
                 static_cast<int>(result));
  }
  return false;
}

void report_error(const char* message) {
  std::fprintf(stderr, "gputrace: %s\n", message);
}

} // namespace gputrace::detail
