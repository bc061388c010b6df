// SPDX-License-Identifier: MIT
// One traced run: starts when the library is loaded (LD_PRELOAD at program start, or the driver's
// dlopen of CUDA_INJECTION64_PATH at cuInit), ends once, whichever way the program ends.
#pragma once

namespace gputrace {

// CUPTI was set up (InitializeInjection ran): the end must flush its activity.
void mark_cupti_started();

// Flushes CUPTI's activity and writes the footer, once. `reason`: "exit", "abort", "signal".
void end_session(const char* reason, bool from_signal);

} // namespace gputrace
