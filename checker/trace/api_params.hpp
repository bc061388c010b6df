// SPDX-License-Identifier: MIT
// The parameters of an API call that matter for judging timing (stream, event, flags, copy size
// and kind, kernel name), decoded from CUPTI's callback data into fields of its `api` record.
#pragma once

#include "detail/json_line.hpp"

#include <cupti.h>

namespace gputrace {

// `per_thread`: the function is a _ptsz/_ptds variant. Called at the call's exit, when output
// parameters (created handles, elapsed times) are filled in.
void describe_runtime_call(detail::json_line& record, CUpti_CallbackId cbid,
                           const CUpti_CallbackData& data, bool per_thread);
void describe_driver_call(detail::json_line& record, CUpti_CallbackId cbid,
                          const CUpti_CallbackData& data, bool per_thread);

} // namespace gputrace
