// SPDX-License-Identifier: MIT
#include "handles.hpp"

#include "detail/cupti_call.hpp"

#include <cupti.h>
#include <mutex>
#include <unordered_map>

namespace gputrace {

namespace {

struct stream_key {
  CUcontext context;
  std::uint64_t stream;
  bool per_thread;
  bool operator==(const stream_key&) const = default;
};

struct stream_key_hash {
  std::size_t operator()(const stream_key& k) const {
    return std::hash<std::uint64_t>()(k.stream * 31 + reinterpret_cast<std::uintptr_t>(k.context) +
                                      (k.per_thread ? 1 : 0));
  }
};

struct tables {
  std::mutex mutex;
  std::unordered_map<stream_key, std::uint32_t, stream_key_hash> stream_ids;
  std::unordered_map<std::uint32_t, std::uint64_t> event_of_call;
};

tables& the_tables() {
  static auto* t = new tables(); // never destroyed: used by records written during exit
  return *t;
}

} // namespace

std::optional<std::uint32_t> stream_id(CUcontext context, std::uint64_t stream, bool per_thread) {
  if (context == nullptr) {
    return std::nullopt;
  }
  tables& t = the_tables();
  const stream_key key{context, stream, per_thread};
  {
    std::lock_guard lock(t.mutex);
    if (auto it = t.stream_ids.find(key); it != t.stream_ids.end()) {
      return it->second;
    }
  }
  std::uint32_t id = 0;
  if (!GPUTRACE_CUPTI_CALL(cuptiGetStreamIdEx(context, reinterpret_cast<CUstream>(stream),
                                              per_thread ? 1 : 0, &id))) {
    return std::nullopt;
  }
  std::lock_guard lock(t.mutex);
  t.stream_ids[key] = id;
  return id;
}

void forget_stream(std::uint64_t stream) {
  tables& t = the_tables();
  std::lock_guard lock(t.mutex);
  std::erase_if(t.stream_ids, [&](const auto& entry) { return entry.first.stream == stream; });
}

void remember_event(std::uint32_t correlation, std::uint64_t event) {
  tables& t = the_tables();
  std::lock_guard lock(t.mutex);
  t.event_of_call[correlation] = event;
}

std::optional<std::uint64_t> take_event(std::uint32_t correlation) {
  tables& t = the_tables();
  std::lock_guard lock(t.mutex);
  auto it = t.event_of_call.find(correlation);
  if (it == t.event_of_call.end()) {
    return std::nullopt;
  }
  const std::uint64_t event = it->second;
  t.event_of_call.erase(it);
  return event;
}

} // namespace gputrace
