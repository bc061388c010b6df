// SPDX-License-Identifier: MIT
#include "python_frames.hpp"

#include "detail/json_line.hpp"

#include <array>
#include <atomic>
#include <cstdint>
#include <dlfcn.h>
#include <string>
#include <unordered_map>
#include <unwind.h>
#include <vector>

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
  void (*inc_ref)(void*) = nullptr;                 // Py_IncRef
  // PyEval_SetProfile: the calls and returns of the thread's Python functions (optional: without
  // it, calls made with the GIL released keep their native site).
  void (*set_profile)(int (*)(void*, void*, int, void*), void*) = nullptr;
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

// A CUDA call made while the thread has released the GIL (PyTorch releases it around `a @ b`,
// `synchronize`, `Event.record`) cannot use the C API: the thread may not touch Python objects,
// and taking the GIL could deadlock. So, under the GIL, the tracer keeps for each thread the
// chain of its Python frames as a shadow stack, through a profile function (PyEval_SetProfile:
// a call event pushes the frame, a return event pops it), and reads that stack without the GIL:
// each frame's file and function were noted when it was pushed, and its current line is read
// from the frame (PyFrame_GetLineNumber reads the frame and its code object, which stay as they
// are while their thread is inside a C function; the frames are held by strong references).
constexpr int py_trace_call = 0;   // PyTrace_CALL
constexpr int py_trace_return = 3; // PyTrace_RETURN

struct code_names {
  std::string file;
  std::string function;
};

struct shadow_frame {
  void* frame;             // a strong reference, dropped when popped
  const code_names* names; // never freed: the code object is held by the table below
};

// Code object -> its names. Filled and read only under the GIL (pushes); a frame on a shadow
// stack keeps a pointer to its entry, which a node-based map never moves.
std::unordered_map<void*, code_names>& code_table() {
  static auto* table = new std::unordered_map<void*, code_names>; // never destroyed: used at exit
  return *table;
}

thread_local std::vector<shadow_frame> t_shadow;
thread_local bool t_profiled = false;

const code_names* names_of(void* frame) {
  void* code = g_api.frame_code(frame);
  if (code == nullptr) {
    g_api.clear_error();
    return nullptr;
  }
  auto [entry, added] = code_table().try_emplace(code);
  if (added) {
    entry->second.file = text_attribute(code, "co_filename");
    entry->second.function = text_attribute(code, "co_name");
    return &entry->second; // the table keeps the reference: the key stays this code object
  }
  g_api.dec_ref(code);
  return &entry->second;
}

void push_frame(void* frame) { // frame: a new reference, which the stack takes
  t_shadow.push_back({frame, names_of(frame)});
}

void pop_to_size(std::size_t size) {
  while (t_shadow.size() > size) {
    void* frame = t_shadow.back().frame;
    t_shadow.pop_back();
    g_api.dec_ref(frame);
  }
}

// The stack rebuilt from the thread's frames (under the GIL): at installation, and whenever an
// event shows that the stack lost track (a frame already running when the profile function was
// set returns without an event, a generator resumes under another caller).
void rebuild_from(void* innermost) { // innermost: a new reference
  pop_to_size(0);
  std::vector<void*> chain;
  for (void* frame = innermost; frame != nullptr; frame = g_api.frame_back(frame)) {
    chain.push_back(frame);
  }
  for (auto frame = chain.rbegin(); frame != chain.rend(); ++frame) {
    push_frame(*frame);
  }
}

int on_profile_event(void*, void* frame, int what, void*) {
  if (what == py_trace_call) {
    void* back = g_api.frame_back(frame);
    const bool follows =
        back == nullptr ? t_shadow.empty() : !t_shadow.empty() && t_shadow.back().frame == back;
    if (back != nullptr) {
      g_api.dec_ref(back);
    }
    g_api.inc_ref(frame);
    if (follows) {
      push_frame(frame);
    } else {
      rebuild_from(frame);
    }
  } else if (what == py_trace_return) {
    for (std::size_t i = t_shadow.size(); i > 0; --i) {
      if (t_shadow[i - 1].frame == frame) {
        pop_to_size(i - 1);
        break;
      }
    }
  }
  return 0;
}

// Under the GIL, once per thread: the shadow stack starts from the frames running now.
void follow_thread_frames() {
  if (t_profiled || g_api.set_profile == nullptr) {
    return;
  }
  t_profiled = true;
  const collector_paused paused;
  rebuild_from(g_api.thread_frame(g_api.this_thread_state()));
  g_api.set_profile(on_profile_event, nullptr);
  if (g_api.error_occurred() != nullptr) {
    g_api.clear_error(); // an audit hook refused sys.setprofile: calls keep their native sites
  }
}

// Without the GIL: the shadow stack, innermost first.
bool shadow_frames(python_site& where) {
  if (t_shadow.empty()) {
    return false;
  }
  where.site.clear();
  where.frames_json = "[";
  int n = 0;
  for (auto f = t_shadow.rbegin(); f != t_shadow.rend() && n < max_python_frames; ++f, ++n) {
    const int line = g_api.frame_line(f->frame);
    static const code_names unknown;
    const code_names& names = f->names != nullptr ? *f->names : unknown;
    append_frame(where, names.file, line, names.function);
  }
  where.frames_json += ']';
  return true;
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
    if (find(api.inc_ref, "Py_IncRef")) {
      find(api.set_profile, "PyEval_SetProfile");
    }
    g_api = api;
    g_found = true;
  }
}

bool python_process() {
  return g_found;
}

bool python_clock_read(python_site& where) {
  if (!holds_gil()) {
    return false;
  }
  follow_thread_frames();
  if (!know_clock_functions()) {
    return false;
  }
  clock_function_search search;
  _Unwind_Backtrace(look_for_clock_function, &search);
  return search.found && collect_frames(where);
}

bool python_frames_of_thread(python_site& where) {
  if (!holds_gil()) {
    return false;
  }
  follow_thread_frames();
  return collect_frames(where);
}

bool python_frames_of_released_thread(python_site& where) {
  // After the interpreter finalized (libtorch frees memory at exit), its objects are no one's.
  return g_found && g_api.is_initialized() != 0 && shadow_frames(where);
}

} // namespace gputrace
