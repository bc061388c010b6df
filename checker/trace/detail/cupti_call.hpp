// SPDX-License-Identifier: MIT
// One checked-call macro for every CUPTI call (after nvbench's NVBENCH_CUDA_CALL): a failure is
// reported on stderr with the call's text, file and line, and never stops the host program, which
// is not ours to crash. The macro evaluates to true when the call succeeded.
#pragma once

#include <cupti.h>

namespace gputrace::detail {

// Prints "gputrace: FILE:LINE: CALL failed: REASON" (at most a few times per call site, so that a
// failing per-launch call cannot flood the program's stderr) and returns false on failure.
bool check_cupti(CUptiResult result, const char* call_text, const char* file, int line,
                 int* times_reported);

// Prints "gputrace: MESSAGE" on stderr; for errors that are not a CUPTI result.
void report_error(const char* message);

} // namespace gputrace::detail

#define GPUTRACE_CUPTI_CALL(call)                                                                  \
  ([&]() -> bool {                                                                                 \
    static int gputrace_times_reported = 0;                                                        \
    return ::gputrace::detail::check_cupti((call), #call, __FILE__, __LINE__,                      \
                                           &gputrace_times_reported);                              \
  }())
