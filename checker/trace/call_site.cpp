// SPDX-License-Identifier: MIT
#include "call_site.hpp"

#include "loaded_objects.hpp"
#include "trace_writer.hpp"

#include <array>
#include <cstdio>
#include <unwind.h>

namespace gputrace {

namespace {

constexpr int max_frames = 64;     // deeper than any path from main to a clock read we judge
constexpr int max_site_frames = 8; // enough to tell two call paths apart
// An API call's site also crosses the static cudart's own frames before it reaches the user's.
constexpr int max_api_site_frames = 16;

const loaded_object* tracer_object() {
  static const loaded_object* self = object_at(reinterpret_cast<std::uintptr_t>(&api_caller));
  return self;
}

// Return addresses point after the call; one byte back is inside the call instruction, which is
// what both object lookup and addr2line need.
std::uintptr_t call_address(std::uintptr_t return_address) {
  return return_address - 1;
}

struct stack {
  std::array<std::uintptr_t, max_frames> addresses{};
  int size = 0;
};

_Unwind_Reason_Code collect(_Unwind_Context* context, void* data) {
  auto* s = static_cast<stack*>(data);
  const auto ip = static_cast<std::uintptr_t>(_Unwind_GetIP(context));
  if (ip == 0 || s->size == max_frames) {
    return _URC_END_OF_STACK;
  }
  s->addresses[s->size++] = ip;
  return _URC_NO_REASON;
}

// Stops at the first frame that decides who called an API; when that is the program and a site
// is wanted, goes on to collect the program's frames (nvcc's static cudart is part of the program,
// so its own frames come first and the user's line is a few frames out).
struct caller_search {
  const loaded_object* decided = nullptr;
  int frames = 0;
  std::string* site = nullptr;
  int kept = 0;
};

void append_frame(std::string& site, const loaded_object& object, std::uintptr_t address);

_Unwind_Reason_Code find_caller(_Unwind_Context* context, void* data) {
  auto* search = static_cast<caller_search*>(data);
  const auto ip = static_cast<std::uintptr_t>(_Unwind_GetIP(context));
  if (ip == 0 || ++search->frames > max_frames) {
    return _URC_END_OF_STACK;
  }
  const loaded_object* object = object_at(call_address(ip));
  if (search->decided != nullptr) { // the program's: collecting its frames
    if (object != nullptr && object->kind == object_kind::program) {
      append_frame(*search->site, *object, call_address(ip));
      if (++search->kept == max_api_site_frames) {
        return _URC_END_OF_STACK;
      }
    }
    return _URC_NO_REASON;
  }
  if (object != nullptr &&
      (object->kind == object_kind::program || object->kind == object_kind::cuda_library)) {
    search->decided = object;
    if (object->kind == object_kind::program && search->site != nullptr) {
      append_frame(*search->site, *object, call_address(ip));
      search->kept = 1;
      return _URC_NO_REASON;
    }
    return _URC_END_OF_STACK;
  }
  return _URC_NO_REASON;
}

void append_frame(std::string& site, const loaded_object& object, std::uintptr_t address) {
  if (!object.announced.exchange(true)) {
    announce_object(object.short_name, object.path);
  }
  char offset[32];
  std::snprintf(offset, sizeof offset, "+0x%llx",
                static_cast<unsigned long long>(address - object.load_bias));
  if (!site.empty()) {
    site += '<';
  }
  site += object.short_name;
  site += offset;
}

} // namespace

const std::string& api_caller(std::string* site) {
  static const std::string program = "program";
  caller_search search;
  if (site != nullptr) {
    site->clear();
    search.site = site;
  }
  _Unwind_Backtrace(find_caller, &search);
  if (search.decided == nullptr || search.decided->kind == object_kind::program) {
    return program;
  }
  return search.decided->short_name;
}

bool program_clock_site(std::uintptr_t return_address, std::string& site) {
  // The fast verdict: the driver reads clocks thousands of times, always from its own code.
  const loaded_object* immediate = object_at(call_address(return_address));
  if (immediate != nullptr &&
      (immediate->kind == object_kind::cuda_core || immediate->kind == object_kind::cuda_library)) {
    return false;
  }
  stack frames;
  _Unwind_Backtrace(collect, &frames);
  // Skip this tracer's frames and system libraries (libstdc++'s std::chrono, libc's wrappers):
  // the first other frame says whose read it is.
  const loaded_object* self = tracer_object();
  bool decided = false;
  int kept = 0;
  site.clear();
  for (int i = 0; i < frames.size; ++i) {
    const std::uintptr_t address = call_address(frames.addresses[i]);
    const loaded_object* object = object_at(address);
    if (object == nullptr || object == self) {
      continue;
    }
    if (!decided) {
      if (object->kind == object_kind::system) {
        continue;
      }
      if (object->kind != object_kind::program) {
        return false;
      }
      decided = true;
    }
    if (object->kind == object_kind::program) {
      append_frame(site, *object, address);
      if (++kept == max_site_frames) {
        break;
      }
    }
  }
  return decided;
}

} // namespace gputrace
