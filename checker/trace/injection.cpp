// SPDX-License-Identifier: MIT
// The entry point the CUDA driver calls when CUDA_INJECTION64_PATH names this library: it runs
// inside cuInit, before the program's first CUDA call returns, which is the documented moment
// to subscribe to CUPTI.
#include "activity_buffers.hpp"
#include "api_callbacks.hpp"
#include "detail/export.hpp"
#include "session.hpp"
#include "trace_writer.hpp"

#include <atomic>

GPUTRACE_EXPORT int InitializeInjection() {
  static std::atomic<bool> initialized{false};
  if (!gputrace::trace_open() || initialized.exchange(true)) {
    return 1; // no GPUTRACE_OUTPUT: stay out of the program's way
  }
  gputrace::tracer_scope scope;
  // Activity first: its timestamp callback must be registered before anything is recorded.
  gputrace::start_activity();
  gputrace::start_callbacks();
  gputrace::mark_cupti_started();
  return 1;
}
