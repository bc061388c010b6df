// SPDX-License-Identifier: MIT
// Whether GPU work is ordered between two events: on their stream (or one ordered with it), or
// through cudaStreamWaitEvent, the fork and join of a check whose work runs on several streams: a
// path of stream waits over any number of streams (a chain over three, a fork never joined has
// none).
#pragma once

#include "rules/detail/rule_input.hpp"

namespace gpucheck::rules::detail {

// Whether `work` is ordered after the event recorded by `start` (on `start_stream`).
bool ordered_after(const rule_input& input, const trace::api_call& start,
                   const stream_ref& start_stream, const trace::gpu_activity& work);

// Whether the event recorded by `stop` (on `stop_stream`) is ordered after `work`.
bool ordered_before(const rule_input& input, const trace::api_call& stop,
                    const stream_ref& stop_stream, const trace::gpu_activity& work);

} // namespace gpucheck::rules::detail
