// SPDX-License-Identifier: MIT
// What the tracer remembers about CUDA handles between records: a stream handle's CUPTI stream id
// (activity records carry ids, API calls carry handles), and which event an API call with a given
// correlation id concerned (synchronization and event activity records carry only CUPTI's ids).
#pragma once

#include <cstdint>
#include <cuda.h>
#include <optional>

namespace gputrace {

// CUPTI's id for `stream` in `context` (cuptiGetStreamIdEx), cached until forget_stream.
std::optional<std::uint32_t> stream_id(CUcontext context, std::uint64_t stream, bool per_thread);

// The handle was destroyed: a new stream may reuse its address.
void forget_stream(std::uint64_t stream);

// The API call with this correlation id recorded, waited on or queried `event`.
void remember_event(std::uint32_t correlation, std::uint64_t event);

// The event of an API call remembered above (and forgets it: each call has one activity record).
std::optional<std::uint64_t> take_event(std::uint32_t correlation);

} // namespace gputrace
