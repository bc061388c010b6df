// SPDX-License-Identifier: MIT
#include "analysis/assumed_cause.hpp"

#include "messages/messages.hpp"
#include "rules/detail/text.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gpucheck::analysis {
namespace {

// The host side of a copy: its source for HtoD, its destination for DtoH; empty for others.
const std::string* host_side(const trace::gpu_activity& copy) {
  if (copy.copy_kind == "HtoD")
    return &copy.src_memory;
  if (copy.copy_kind == "DtoH")
    return &copy.dst_memory;
  return nullptr;
}

trace::time_ns union_ns(std::vector<std::pair<trace::time_ns, trace::time_ns>> spans) {
  std::sort(spans.begin(), spans.end());
  trace::time_ns total = 0;
  trace::time_ns reached = 0;
  for (const auto& [start, end] : spans) {
    const trace::time_ns from = std::max(start, reached);
    if (end > from)
      total += end - from;
    reached = std::max(reached, end);
  }
  return total;
}

std::string bytes_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (1u << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1u << 20));
  else if (bytes >= 1024)
    std::snprintf(text, sizeof text, "%.1f KiB", static_cast<double>(bytes) / 1024);
  else
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  return text;
}

} // namespace

host_copy_facts host_copies_in(const trace::run_trace& trace, const rules::call_window& window) {
  std::unordered_map<std::uint32_t, const trace::api_call*> calls;
  for (const trace::api_call& call : trace.api)
    calls.emplace(call.correlation, &call);
  host_copy_facts facts;
  std::vector<std::uint64_t> sizes;
  std::set<std::uint32_t> streams;
  std::vector<std::pair<trace::time_ns, trace::time_ns>> busy;
  for (const trace::gpu_activity& copy : trace.activity) {
    const std::string* host = host_side(copy);
    if (copy.kind != trace::activity_kind::memcpy || host == nullptr)
      continue;
    const auto call = calls.find(copy.correlation);
    if (call == calls.end() || call->second->tid != window.tid ||
        call->second->start_ns < window.begin_ns || call->second->start_ns > window.end_ns)
      continue;
    ++facts.copies;
    if (*host == "pageable")
      ++facts.pageable;
    else if (*host == "pinned")
      ++facts.pinned;
    else if (*host == "managed" || *host == "managed_static")
      ++facts.managed;
    else
      ++facts.unknown;
    sizes.push_back(copy.bytes.value_or(0));
    facts.bytes += copy.bytes.value_or(0);
    streams.insert(copy.stream_id);
    busy.emplace_back(copy.start_ns, copy.end_ns);
  }
  if (!sizes.empty()) {
    std::nth_element(sizes.begin(), sizes.begin() + sizes.size() / 2, sizes.end());
    facts.median_bytes = sizes[sizes.size() / 2];
  }
  facts.streams = static_cast<int>(streams.size());
  facts.engines_busy_ns = union_ns(std::move(busy));
  return facts;
}

void test_assumed_cause(check_item& item, const trace::run_trace& trace,
                        const rules::call_window& window) {
  if (item.passed || item.assumes != "pageable-copies" || item.why_from == "trace")
    return;
  const host_copy_facts copies = host_copies_in(trace, window);
  // Nothing to hold it against, or the assumption holds (some copies were pageable).
  if (copies.copies == 0 || copies.unknown > 0 || copies.pageable > 0)
    return;
  const trace::time_ns call_ns = window.end_ns - window.begin_ns;
  const std::vector<messages::argument> numbers = {
      {"copies", std::to_string(copies.copies)},
      {"managed", std::to_string(copies.managed)},
      {"bytes", bytes_text(copies.bytes)},
      {"median", bytes_text(copies.median_bytes)},
      {"busy", rules::detail::format_duration(copies.engines_busy_ns)},
      {"call", rules::detail::format_duration(call_ns)},
      {"streams", std::to_string(copies.streams)}};
  if (copies.managed > 0) {
    item.message = messages::text("assumed.copies-managed", numbers);
    item.hint = messages::text("assumed.copies-managed.fix");
  } else {
    item.message = messages::text("assumed.copies-pinned", numbers);
    // What the trace shows beyond the memory: the time between copies, or one stream.
    if (2 * copies.engines_busy_ns < call_ns)
      item.hint = messages::text("assumed.copies-pinned.between", numbers);
    else if (copies.streams == 1)
      item.hint = messages::text("assumed.copies-pinned.one-stream", numbers);
    else
      item.hint = messages::text("assumed.copies-pinned.undetermined", numbers);
  }
  item.why_from = "trace";
}

} // namespace gpucheck::analysis
