// SPDX-License-Identifier: MIT
// GPU activity through CUPTI's Activity API: kernels (concurrent kind, which does not serialize
// them), copies, memsets, synchronizations and event timestamps, on the trace's time base.
#pragma once

#include <cstdint>

namespace gputrace {

// Registers the timestamp callback and buffers, and enables the activity kinds.
bool start_activity();

// Delivers every buffered record to the trace (at the end of the run).
void flush_activity();

// Records CUPTI reported as dropped, and records that never completed (the program ended while
// its GPU work was still running).
std::uint64_t dropped_records();
std::uint64_t incomplete_records();

} // namespace gputrace
