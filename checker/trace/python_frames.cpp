// SPDX-License-Identifier: MIT
#include "python_frames.hpp"

#include "detail/json_line.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <dlfcn.h>
#include <string>
#include <unwind.h>

namespace gputrace {

namespace {

// CPython's C API as far as the tracer uses it: stable functions since 3.9 (PyThreadState_GetFrame,
// PyFrame_GetBack, PyFrame_GetCode). Objects are opaque pointers here.
struct python_api {
  int (*is_initialized)() = nullptr;                // Py_IsInitialized
  int (*gil_check)() = nullptr;                     // PyGILState_Check
  void* (*this_thread_state)() = nullptr;           // PyGILState_GetThisThreadState
  void* (*thread_frame)(void*) = nullptr;           // PyThreadState_GetFrame: new ref
  void* (*frame_back)(void*) = nullptr;             // PyFrame_GetBack: new ref
  void* (*frame_code)(void*) = nullptr;             // PyFrame_GetCode: new ref
  int (*frame_line)(void*) = nullptr;               // PyFrame_GetLineNumber
  void* (*get_attr)(void*, const char*) = nullptr;  // PyObject_GetAttrString: new ref
  const char* (*utf8)(void*) = nullptr;             // PyUnicode_AsUTF8
  void (*dec_ref)(void*) = nullptr;                 // Py_DecRef
  void* (*error_occurred)() = nullptr;              // PyErr_Occurred
  void (*clear_error)() = nullptr;                  // PyErr_Clear
  void* (*module_dict)() = nullptr;                 // PyImport_GetModuleDict: borrowed
  void* (*dict_item)(void*, const char*) = nullptr; // PyDict_GetItemString: borrowed
  void* (*module_namespace)(void*) = nullptr;       // PyModule_GetDict: borrowed
  void* (*cfunction)(void*) = nullptr;              // PyCFunction_GetFunction
  int (*gc_disable)() = nullptr;                    // PyGC_Disable (3.10 and later; optional)
  int (*gc_enable)() = nullptr;                     // PyGC_Enable
};

python_api g_api;
bool g_found = false;

template <typename Function> bool find(Function& f, const char* name) {
  f = reinterpret_cast<Function>(dlsym(RTLD_DEFAULT, name));
  return f != nullptr;
}

// The C functions behind the time module's clocks (their entry points), found once the module is
// imported. A read whose native stack passes through one of them is the script's.
constexpr std::array clock_function_names = {
    "perf_counter", "perf_counter_ns", "monotonic",       "monotonic_ns", "time",
    "time_ns",      "process_time",    "process_time_ns", "thread_time",  "thread_time_ns"};
std::array<std::uintptr_t, clock_function_names.size()> g_clock_functions{};
std::atomic<bool> g_clock_functions_known{false};

// Under the GIL: reads sys.modules["time"]'s functions without importing or running Python code
// (dictionary lookups with string keys).
bool know_clock_functions() {
  if (g_clock_functions_known.load(std::memory_order_acquire)) {
    return true;
  }
  void* modules = g_api.module_dict();
  void* time_module = modules != nullptr ? g_api.dict_item(modules, "time") : nullptr;
  void* names = time_module != nullptr ? g_api.module_namespace(time_module) : nullptr;
  if (names == nullptr) {
    return false; // not imported yet: no read can come from it
  }
  for (std::size_t i = 0; i < clock_function_names.size(); ++i) {
    void* function = g_api.dict_item(names, clock_function_names[i]);
    if (function == nullptr) {
      continue;
    }
    g_clock_functions[i] = reinterpret_cast<std::uintptr_t>(g_api.cfunction(function));
    if (g_clock_functions[i] == 0) {
      g_api.clear_error(); // replaced by a Python function: not a C function of the module
    }
  }
  g_clock_functions_known.store(true, std::memory_order_release);
  return true;
}

struct clock_function_search {
  int frames = 0;
  bool found = false;
};

// A frame's function entry (from the unwind tables) is the same address as the module's function
// pointer; inlined helpers below it (py_get_monotonic_clock) share their caller's frame.
_Unwind_Reason_Code look_for_clock_function(_Unwind_Context* context, void* data) {
  auto* search = static_cast<clock_function_search*>(data);
  if (++search->frames > 16) {
    return _URC_END_OF_STACK; // interposer, helpers, the clock function: a few frames at most
  }
  const auto entry = static_cast<std::uintptr_t>(_Unwind_GetRegionStart(context));
  for (std::uintptr_t function : g_clock_functions) {
    if (function != 0 && function == entry) {
      search->found = true;
      return _URC_END_OF_STACK;
    }
  }
  return _URC_NO_REASON;
}

bool holds_gil() {
  return g_found && g_api.is_initialized() != 0 && g_api.this_thread_state() != nullptr &&
         g_api.gil_check() != 0 && g_api.error_occurred() == nullptr;
}

constexpr int max_python_frames = 8;

std::string text_attribute(void* object, const char* name) {
  void* value = g_api.get_attr(object, name);
  if (value == nullptr) {
    g_api.clear_error();
    return {};
  }
  const char* text = g_api.utf8(value);
  std::string result = text != nullptr ? text : "";
  if (text == nullptr) {
    g_api.clear_error();
  }
  g_api.dec_ref(value);
  return result;
}

void append_frame(python_site& where, const std::string& file, int line,
                  const std::string& function) {
  if (!where.site.empty()) {
    where.site += '<';
    where.frames_json += ',';
  }
  where.site += "py:";
  where.site += file;
  where.site += ':';
  where.site += std::to_string(line);
  where.frames_json += "{\"file\":\"";
  detail::json_line::append_escaped(where.frames_json, file);
  where.frames_json += "\",\"line\":";
  where.frames_json += std::to_string(line);
  where.frames_json += ",\"function\":\"";
  detail::json_line::append_escaped(where.frames_json, function);
  where.frames_json += "\"}";
}

// Materializing a frame object allocates, and an allocation may run the garbage collector, whose
// finalizers run Python code (and CUDA calls: an event's __del__) inside the tracer's callback:
// the collector waits while the frames are read.
class collector_paused {
public:
  collector_paused()
      : m_was_enabled(g_api.gc_disable != nullptr && g_api.gc_enable != nullptr &&
                      g_api.gc_disable() != 0) {}
  ~collector_paused() {
    if (m_was_enabled) {
      g_api.gc_enable();
    }
  }
  collector_paused(const collector_paused&) = delete;
  collector_paused& operator=(const collector_paused&) = delete;

private:
  bool m_was_enabled;
};

// Under the GIL: the thread's Python frames, innermost first.
bool collect_frames(python_site& where) {
  const collector_paused paused;
  where.site.clear();
  where.frames_json = "[";
  void* frame = g_api.thread_frame(g_api.this_thread_state());
  for (int n = 0; frame != nullptr && n < max_python_frames; ++n) {
    const int line = g_api.frame_line(frame);
    std::string file;
    std::string function;
    if (void* code = g_api.frame_code(frame)) {
      file = text_attribute(code, "co_filename");
      function = text_attribute(code, "co_name");
      g_api.dec_ref(code);
    }
    append_frame(where, file, line, function);
    void* back = g_api.frame_back(frame);
    g_api.dec_ref(frame);
    frame = back;
  }
  if (frame != nullptr) {
    g_api.dec_ref(frame);
  }
  where.frames_json += ']';
  return !where.site.empty();
}

} // namespace

void find_python_api() {
  python_api api;
  const bool all =
      find(api.is_initialized, "Py_IsInitialized") && find(api.gil_check, "PyGILState_Check") &&
      find(api.this_thread_state, "PyGILState_GetThisThreadState") &&
      find(api.thread_frame, "PyThreadState_GetFrame") && find(api.frame_back, "PyFrame_GetBack") &&
      find(api.frame_code, "PyFrame_GetCode") && find(api.frame_line, "PyFrame_GetLineNumber") &&
      find(api.get_attr, "PyObject_GetAttrString") && find(api.utf8, "PyUnicode_AsUTF8") &&
      find(api.dec_ref, "Py_DecRef") && find(api.error_occurred, "PyErr_Occurred") &&
      find(api.clear_error, "PyErr_Clear") && find(api.module_dict, "PyImport_GetModuleDict") &&
      find(api.dict_item, "PyDict_GetItemString") &&
      find(api.module_namespace, "PyModule_GetDict") &&
      find(api.cfunction, "PyCFunction_GetFunction");
  if (all) {
    find(api.gc_disable, "PyGC_Disable");
    find(api.gc_enable, "PyGC_Enable");
    g_api = api;
    g_found = true;
  }
}

bool python_process() {
  return g_found;
}

bool python_clock_read(python_site& where) {
  if (!holds_gil() || !know_clock_functions()) {
    return false;
  }
  clock_function_search search;
  _Unwind_Backtrace(look_for_clock_function, &search);
  return search.found && collect_frames(where);
}

bool python_frames_of_thread(python_site& where) {
  return holds_gil() && collect_frames(where);
}

} // namespace gputrace
