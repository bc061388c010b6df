// SPDX-License-Identifier: MIT
// Which colour a host API call gets on the timeline: what the call does to the timing matters
// (a launch returns at once, a sync waits, setup is one-time cost), not which library it is from.
#pragma once

#include <string_view>

namespace gpucheck::report::detail {

enum class api_kind { launch, sync, copy, setup, other };

api_kind classify_api(std::string_view name);

const char* api_kind_name(api_kind kind); // "launch", "sync", ...

} // namespace gpucheck::report::detail
