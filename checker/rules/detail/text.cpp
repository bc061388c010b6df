// SPDX-License-Identifier: MIT
#include "rules/detail/text.hpp"

#include "common/durations.hpp"
#include "messages/messages.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpucheck::rules::detail {

std::string format_duration(trace::time_ns duration_ns) {
  return format_duration_ns(duration_ns);
}

std::string format_percent(trace::time_ns part_ns, trace::time_ns whole_ns) {
  if (whole_ns == 0)
    return "-";
  const double percent = 100.0 * static_cast<double>(part_ns) / static_cast<double>(whole_ns);
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", percent);
  return text;
}

std::string describe_stream_kind(stream_kind kind) {
  switch (kind) {
  case stream_kind::legacy:
    return messages::text("stream.legacy");
  case stream_kind::per_thread:
    return messages::text("stream.per-thread");
  case stream_kind::non_blocking:
    return messages::text("stream.non-blocking");
  case stream_kind::blocking:
    return messages::text("stream.blocking");
  case stream_kind::unknown:
    break;
  }
  return messages::text("stream.unknown");
}

std::string describe_stream(const stream_ref& stream) {
  if (stream.kind == stream_kind::legacy || stream.kind == stream_kind::per_thread) {
    return describe_stream_kind(stream.kind);
  }
  std::string text = describe_stream_kind(stream.kind);
  if (stream.handle) {
    char handle[32];
    std::snprintf(handle, sizeof handle, " (0x%llx)",
                  static_cast<unsigned long long>(*stream.handle));
    text += handle;
  }
  return text;
}

} // namespace gpucheck::rules::detail
