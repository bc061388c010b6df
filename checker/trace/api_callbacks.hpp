// SPDX-License-Identifier: MIT
// CUPTI callbacks: runtime and driver API calls become `api` records, context and module events
// become `resource` records. Runs on the calling thread, inside every traced CUDA call.
#pragma once

namespace gputrace {

// Subscribes to CUPTI's callbacks; false (with a message) when CUPTI refuses.
bool start_callbacks();

// CUDA runtime calls in progress on this thread. A clock read during one is the runtime's own.
int runtime_calls_in_progress();

// While one is alive on a thread, CUDA calls and clock reads made by that thread are the
// tracer's own and are not recorded.
class tracer_scope {
public:
  tracer_scope();
  ~tracer_scope();
  tracer_scope(const tracer_scope&) = delete;
  tracer_scope& operator=(const tracer_scope&) = delete;

private:
  bool m_was_inside;
};
bool inside_tracer();

} // namespace gputrace
