// SPDX-License-Identifier: MIT
#include "loaded_objects.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <link.h>
#include <mutex>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace gputrace {

namespace {

struct segment {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
  const loaded_object* object = nullptr;
};

struct snapshot {
  std::vector<segment> segments; // sorted by begin
  unsigned long long adds = 0;   // dl_iterate_phdr's counters when it was taken
  unsigned long long subs = 0;
};

std::string file_name(std::string_view path) {
  const auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

object_kind classify(std::string_view name) {
  auto starts = [&](std::string_view prefix) { return name.substr(0, prefix.size()) == prefix; };
  static constexpr std::array core = {"libcuda.",     "libcupti.",    "libcudart.",
                                      "libgputrace.", "libnvidia-",   "libnvperf",
                                      "libnvrtc",     "libnvJitLink", "libcudadebugger."};
  for (std::string_view prefix : core) {
    if (starts(prefix)) {
      return object_kind::cuda_core;
    }
  }
  static constexpr std::array libraries = {"libcublas",   "libcufft",    "libcurand", "libcusparse",
                                           "libcusolver", "libcudnn",    "libnccl",   "libnpp",
                                           "libnvjpeg",   "libcutensor", "libnvblas"};
  for (std::string_view prefix : libraries) {
    if (starts(prefix)) {
      return object_kind::cuda_library;
    }
  }
  static constexpr std::array system = {"libc.",  "libc-",      "libstdc++",  "libgcc_s",
                                        "libm.",  "ld-linux",   "libpthread", "libdl.",
                                        "librt.", "linux-vdso", "libc++",     "libunwind"};
  for (std::string_view prefix : system) {
    if (starts(prefix)) {
      return object_kind::system;
    }
  }
  return object_kind::program;
}

std::string executable_path() {
  char buffer[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : std::string("program");
}

struct build_state {
  snapshot* result;
  const snapshot* previous; // its objects are reused: their identity must not change
  bool first = true;        // dl_iterate_phdr lists the executable first
};

// The object of `previous` loaded from `path` at `load_bias`, if any. Callers compare objects by
// address (the tracer's own object, found once) and keep per-object state (`announced`), so an
// object still loaded keeps the one loaded_object it was first given.
loaded_object* known_object(const snapshot* previous, const std::string& path,
                            std::uintptr_t load_bias) {
  if (previous == nullptr) {
    return nullptr;
  }
  for (const segment& s : previous->segments) {
    if (s.object->load_bias == load_bias && s.object->path == path) {
      return const_cast<loaded_object*>(s.object);
    }
  }
  return nullptr;
}

int add_object(dl_phdr_info* info, std::size_t, void* data) {
  auto* state = static_cast<build_state*>(data);
  state->result->adds = info->dlpi_adds;
  state->result->subs = info->dlpi_subs;
  std::string path = info->dlpi_name != nullptr ? info->dlpi_name : "";
  const bool is_executable = state->first;
  state->first = false;
  if (path.empty() && !is_executable) {
    return 0; // the vDSO: no file to name, and never a caller we judge
  }
  if (is_executable) {
    path = executable_path();
  }
  // Objects are never freed: segments of an old snapshot may still point at them, and there are
  // only as many as libraries the program loads.
  loaded_object* object = known_object(state->previous, path, info->dlpi_addr);
  if (object == nullptr) {
    object = new loaded_object;
    object->path = path;
    object->short_name = file_name(path);
    object->load_bias = info->dlpi_addr;
    object->kind = is_executable ? object_kind::program : classify(object->short_name);
  }
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& header = info->dlpi_phdr[i];
    if (header.p_type == PT_LOAD && (header.p_flags & PF_X) != 0) {
      const std::uintptr_t begin = info->dlpi_addr + header.p_vaddr;
      state->result->segments.push_back({begin, begin + header.p_memsz, object});
    }
  }
  return 0;
}

std::atomic<const snapshot*> current{nullptr};
std::mutex rebuild_mutex;

bool loaded_set_changed(const snapshot& old) {
  struct counters {
    unsigned long long adds = 0, subs = 0;
  } now;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto* c = static_cast<counters*>(data);
        c->adds = info->dlpi_adds;
        c->subs = info->dlpi_subs;
        return 1; // the counters are the same in every entry: one is enough
      },
      &now);
  return now.adds != old.adds || now.subs != old.subs;
}

const snapshot* rebuild(const snapshot* seen) {
  std::lock_guard lock(rebuild_mutex);
  const snapshot* latest = current.load(std::memory_order_acquire);
  if (latest != seen) {
    return latest; // another thread rebuilt it meanwhile
  }
  if (latest != nullptr && !loaded_set_changed(*latest)) {
    return latest; // an address in no object (JIT code): nothing new to find
  }
  auto* fresh = new snapshot;
  build_state state{fresh, latest};
  dl_iterate_phdr(add_object, &state);
  std::sort(fresh->segments.begin(), fresh->segments.end(),
            [](const segment& a, const segment& b) { return a.begin < b.begin; });
  // The old snapshot is leaked on purpose: a reader on another thread may still be searching it.
  current.store(fresh, std::memory_order_release);
  return fresh;
}

const loaded_object* find(const snapshot* table, std::uintptr_t address) {
  if (table == nullptr) {
    return nullptr;
  }
  const auto& segments = table->segments;
  auto it = std::upper_bound(segments.begin(), segments.end(), address,
                             [](std::uintptr_t a, const segment& s) { return a < s.begin; });
  if (it == segments.begin()) {
    return nullptr;
  }
  --it;
  return address < it->end ? it->object : nullptr;
}

} // namespace

const loaded_object* object_at(std::uintptr_t address) {
  const snapshot* table = current.load(std::memory_order_acquire);
  if (const loaded_object* hit = find(table, address)) {
    return hit;
  }
  return find(rebuild(table), address);
}

} // namespace gputrace
