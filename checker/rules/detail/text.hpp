// SPDX-License-Identifier: MIT
// Numbers as students read them: durations with a unit that suits them, percentages.
#pragma once

#include "rules/detail/trace_index.hpp"
#include "trace_model/trace.hpp"

#include <string>

namespace gpucheck::rules::detail {

// common/durations.hpp's one format: 2630000 -> "2.630 ms", 40000 -> "40.0 us", 1.5e9 -> "1.50 s"
std::string format_duration(trace::time_ns duration_ns);
// part of whole, rounded: "91%"; "-" when whole is 0
std::string format_percent(trace::time_ns part_ns, trace::time_ns whole_ns);
// "the legacy default stream", "a cudaStreamNonBlocking stream", "stream 0x7f..."
std::string describe_stream(const stream_ref& stream);
std::string describe_stream_kind(stream_kind kind);

} // namespace gpucheck::rules::detail
