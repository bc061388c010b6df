// SPDX-License-Identifier: MIT
#include "api_callbacks.hpp"

#include "api_params.hpp"
#include "call_site.hpp"
#include "detail/cupti_call.hpp"
#include "detail/host_clock.hpp"
#include "detail/json_line.hpp"
#include "device_info.hpp"
#include "python_frames.hpp"
#include "trace_writer.hpp"

#include <array>
#include <cupti.h>
#include <string>
#include <string_view>
#include <vector>

namespace gputrace {

namespace {

using detail::json_line;

thread_local bool t_inside_tracer = false;

// The calls in progress on this thread, innermost last. CUDA calls nest (the runtime calls the
// driver), and a call's enter and exit callbacks come on the same thread.
struct pending_call {
  std::uint32_t correlation = 0;
  std::int64_t start_ns = 0;
  bool runtime = false;
  bool write = false;
  CUpti_CallbackId cbid = 0;
};
constexpr int max_nesting = 32;
thread_local std::array<pending_call, max_nesting> t_calls;
thread_local int t_depth = 0;
thread_local int t_runtime_depth = 0;

// Per callback id, decided once at subscription: its name as written, and whether it is written.
struct api_function {
  std::string name; // without CUPTI's version suffix: "cudaLaunchKernel_ptsz"
  bool per_thread = false;
  bool write = false;
  bool follow = false; // callbacks enabled (written, or followed in case start-up happens in it)
};
std::vector<api_function> g_runtime_functions;
std::vector<api_function> g_driver_functions;

std::string without_version(std::string_view name) {
  // CUPTI's runtime names end in the version that introduced them ("_v7000"); the driver's own
  // "_v2" suffixes are part of the function name and are kept.
  const auto v = name.rfind("_v");
  if (v != std::string_view::npos && name.size() - v >= 6 &&
      name.substr(v + 2).find_first_not_of("0123456789") == std::string_view::npos) {
    return std::string(name.substr(0, v));
  }
  return std::string(name);
}

bool starts_with_any(std::string_view name, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view prefix : prefixes) {
    if (name.substr(0, prefix.size()) == prefix) {
      return true;
    }
  }
  return false;
}

// Queries that programs and libraries make by the thousand and that say nothing about timing.
bool runtime_query(std::string_view name) {
  return starts_with_any(name, {"cudaGetLastError",
                                "cudaPeekAtLastError",
                                "cudaGetDevice",
                                "cudaDeviceGetAttribute",
                                "cudaFuncGetAttributes",
                                "cudaFuncSetAttribute",
                                "cudaOccupancy",
                                "cudaGetDriverEntryPoint",
                                "cudaStreamGetCaptureInfo",
                                "cudaStreamIsCapturing",
                                "cudaPointerGetAttributes",
                                "cudaGetFuncBySymbol",
                                "cudaGetSymbolAddress",
                                "cudaThreadExchangeStreamCaptureMode",
                                "cudaGetExportTable",
                                "cudaDeviceGetLimit",
                                "cudaGetErrorString",
                                "cudaGetErrorName",
                                "cudaStreamGetFlags",
                                "cudaStreamGetPriority",
                                "cudaStreamGetId",
                                "cudaStreamGetDevice",
                                "cudaCtxResetPersistingL2Cache"});
}

// Driver functions written when a library (or the program) calls them directly: the ones that
// launch, copy, synchronize, or set up.
bool driver_of_interest(std::string_view name) {
  return starts_with_any(name, {"cuLaunch",           "cuGraphLaunch",     "cuEventRecord",
                                "cuEventSynchronize", "cuEventQuery",      "cuEventElapsedTime",
                                "cuEventCreate",      "cuEventDestroy",    "cuStreamSynchronize",
                                "cuStreamQuery",      "cuStreamWaitEvent", "cuStreamCreate",
                                "cuStreamDestroy",    "cuCtxSynchronize",  "cuMemcpy",
                                "cuMemset",           "cuMemAlloc",        "cuMemFree",
                                "cuMemHostAlloc",     "cuModuleLoad",      "cuLibraryLoad",
                                "cuCtxCreate"});
}

// Driver functions in which lazy loading can load a module (a library asking for its kernel or
// setting a kernel's attribute before the first launch). Followed but not written, unless a
// module is loaded or a context created while they run (on_resource).
bool driver_followed(std::string_view name) {
  return starts_with_any(name,
                         {"cuLibraryGet", "cuKernelGet", "cuKernelSet", "cuModuleGet", "cuFuncGet",
                          "cuFuncSet", "cuFuncLoad", "cuOccupancy", "cuLibraryEnumerate",
                          "cuDevicePrimaryCtxRetain", "cuCtxSetCurrent", "cuInit"});
}

std::vector<api_function> function_table(CUpti_CallbackDomain domain, CUpti_CallbackId size,
                                         bool (*wanted)(std::string_view),
                                         bool (*followed)(std::string_view)) {
  std::vector<api_function> table(size);
  for (CUpti_CallbackId cbid = 1; cbid < size; ++cbid) {
    const char* name = nullptr;
    if (cuptiGetCallbackName(domain, cbid, &name) != CUPTI_SUCCESS || name == nullptr) {
      continue; // ids that were retired; not an error
    }
    api_function& f = table[cbid];
    f.name = without_version(name);
    f.per_thread =
        f.name.find("_ptsz") != std::string::npos || f.name.find("_ptds") != std::string::npos;
    f.write = wanted(f.name);
    f.follow = f.write || followed(f.name);
  }
  return table;
}

void on_api_enter(const CUpti_CallbackData& data, CUpti_CallbackId cbid, bool runtime, bool write) {
  if (t_depth == max_nesting) {
    return; // its exit will not match and is ignored
  }
  // Driver calls made by the runtime on the program's behalf are part of the runtime call.
  if (!runtime && t_runtime_depth > 0) {
    write = false;
  }
  t_calls[t_depth++] = {data.correlationId, detail::monotonic_ns(), runtime, write, cbid};
  if (runtime) {
    ++t_runtime_depth;
  }
}

void on_api_exit(const CUpti_CallbackData& data, CUpti_CallbackId cbid, bool runtime) {
  const std::int64_t end_ns = detail::monotonic_ns();
  // The subscription can start inside a call (the driver calls InitializeInjection from cuInit,
  // inside the program's first runtime call), whose exit then comes without an enter.
  if (t_depth == 0 || t_calls[t_depth - 1].correlation != data.correlationId) {
    return;
  }
  const pending_call call = t_calls[--t_depth];
  if (call.runtime) {
    --t_runtime_depth;
  }
  if (!call.write || !trace_open()) {
    return;
  }
  const api_function& f = runtime ? g_runtime_functions[cbid] : g_driver_functions[cbid];
  // Unwound here rather than at enter, so that the recorded interval leaves out the unwinding.
  thread_local std::string site;
  const std::string& caller = api_caller(&site);
  thread_local std::string line;
  json_line record(line, "api");
  record.field("domain", runtime ? "runtime" : "driver")
      .field("name", f.name)
      .field("start_ns", call.start_ns)
      .field("end_ns", end_ns)
      .field("tid", detail::this_thread_id())
      .field("correlation", data.correlationId)
      .field("result", data.functionReturnValue != nullptr
                           ? *static_cast<const int*>(data.functionReturnValue)
                           : 0)
      .field("caller", caller);
  // A Python script's call names its Python lines, whether the calling thread holds the GIL or
  // released it (PyTorch does around most CUDA work), and so does a library's call made for one
  // of them (cuBLAS's launch inside `a @ b`: host-gap must know which line launched the work); a
  // framework's own thread, which runs no Python, keeps its native site.
  thread_local python_site python;
  if (python_process() && python_frames_of_caller(python)) {
    record.field("site", python.site).raw_field("python", python.frames_json);
  } else if (!site.empty()) {
    record.field("site", site);
  }
  if (runtime) {
    describe_runtime_call(record, cbid, data, f.per_thread);
  } else {
    describe_driver_call(record, cbid, data, f.per_thread);
  }
  // The tracer's time after end_ns is not the program's (host-gap leaves it out): stamped last.
  flush_if_due();
  record.field("tracer_until_ns", detail::monotonic_ns());
  write_line(record.finish());
}

void on_resource(CUpti_CallbackId cbid, const CUpti_ResourceData& data) {
  const char* what = nullptr;
  switch (cbid) {
  case CUPTI_CBID_RESOURCE_CONTEXT_CREATED:
    what = "context_created";
    break;
  case CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING:
    what = "context_destroyed";
    break;
  case CUPTI_CBID_RESOURCE_MODULE_LOADED:
    what = "module_loaded";
    break;
  case CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING:
    what = "module_unloaded";
    break;
  default:
    return;
  }
  const std::int64_t t_ns = detail::monotonic_ns();
  thread_local std::string line;
  json_line record(line, "resource");
  record.field("what", what).field("t_ns", t_ns).field("tid", detail::this_thread_id());
  // Start-up work happens inside a call (lazy loading even inside queries that are not written,
  // such as cudaFuncSetAttribute): the outermost call in progress on this thread is written, so
  // that the rules can say which call did it and how long it took.
  if ((cbid == CUPTI_CBID_RESOURCE_CONTEXT_CREATED || cbid == CUPTI_CBID_RESOURCE_MODULE_LOADED) &&
      t_depth > 0) {
    pending_call& outer = t_calls[0];
    outer.write = true;
    const auto& table = outer.runtime ? g_runtime_functions : g_driver_functions;
    record.field("call_correlation", outer.correlation);
    if (outer.cbid < table.size()) {
      record.field("call", table[outer.cbid].name);
    }
  }
  std::uint32_t context_id = 0;
  if (data.context != nullptr && cuptiGetContextId(data.context, &context_id) == CUPTI_SUCCESS) {
    record.field("context", context_id);
  }
  if (cbid == CUPTI_CBID_RESOURCE_MODULE_LOADED ||
      cbid == CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING) {
    if (const auto* module =
            static_cast<const CUpti_ModuleResourceData*>(data.resourceDescriptor)) {
      record.field("module", module->moduleId);
    }
  }
  write_line(record.finish());
  if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_CREATED) {
    tracer_scope scope; // the driver queries below are ours
    set_device(query_device_info());
  }
}

void CUPTIAPI on_callback(void*, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                          const void* callback_data) {
  if (t_inside_tracer) {
    return;
  }
  switch (domain) {
  case CUPTI_CB_DOMAIN_RUNTIME_API:
  case CUPTI_CB_DOMAIN_DRIVER_API: {
    const bool runtime = domain == CUPTI_CB_DOMAIN_RUNTIME_API;
    const auto& table = runtime ? g_runtime_functions : g_driver_functions;
    if (cbid >= table.size()) {
      return;
    }
    const auto& data = *static_cast<const CUpti_CallbackData*>(callback_data);
    if (data.callbackSite == CUPTI_API_ENTER) {
      on_api_enter(data, cbid, runtime, table[cbid].write);
    } else {
      on_api_exit(data, cbid, runtime);
    }
    break;
  }
  case CUPTI_CB_DOMAIN_RESOURCE:
    on_resource(cbid, *static_cast<const CUpti_ResourceData*>(callback_data));
    break;
  default:
    break;
  }
}

} // namespace

bool start_callbacks() {
  g_runtime_functions = function_table(
      CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_RUNTIME_TRACE_CBID_SIZE,
      [](std::string_view name) { return !runtime_query(name); },
      [](std::string_view) { return true; });
  g_driver_functions = function_table(CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_DRIVER_TRACE_CBID_SIZE,
                                      driver_of_interest, driver_followed);

  CUpti_SubscriberHandle subscriber = nullptr;
  if (!GPUTRACE_CUPTI_CALL(cuptiSubscribe(&subscriber, on_callback, nullptr))) {
    detail::report_error("another CUPTI client (a profiler?) is attached; no API calls are traced");
    return false;
  }
  // Every runtime call gets a callback, including the queries that are not written: the depth
  // count must see them, or the driver calls they make would look like the program's own.
  bool ok = GPUTRACE_CUPTI_CALL(cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API));
  for (CUpti_CallbackId cbid = 1; cbid < g_driver_functions.size(); ++cbid) {
    if (g_driver_functions[cbid].follow) {
      ok &=
          GPUTRACE_CUPTI_CALL(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, cbid));
    }
  }
  for (CUpti_CallbackId cbid :
       {CUPTI_CBID_RESOURCE_CONTEXT_CREATED, CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING,
        CUPTI_CBID_RESOURCE_MODULE_LOADED, CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING}) {
    ok &= GPUTRACE_CUPTI_CALL(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE, cbid));
  }
  return ok;
}

int runtime_calls_in_progress() {
  return t_runtime_depth;
}

tracer_scope::tracer_scope() : m_was_inside(t_inside_tracer) {
  t_inside_tracer = true;
}
tracer_scope::~tracer_scope() {
  t_inside_tracer = m_was_inside;
}
bool inside_tracer() {
  return t_inside_tracer;
}

} // namespace gputrace
