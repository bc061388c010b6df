// SPDX-License-Identifier: MIT
// cuBLAS handle creation and destruction, and NVRTC's compilation, by symbol interposition under
// LD_PRELOAD (CUPTI does not see library calls). Creating a handle costs milliseconds on first
// use, compiling a kernel at run time tens of milliseconds every time: the cold-start rule needs
// to see both. The libraries' headers are not needed: a handle or a program is a pointer, a
// status an int.
#include "call_site.hpp"
#include "detail/cupti_call.hpp"
#include "detail/export.hpp"
#include "detail/host_clock.hpp"
#include "detail/json_line.hpp"
#include "trace_writer.hpp"

#include <dlfcn.h>
#include <string>

namespace gputrace {

namespace {

constexpr int cublas_status_not_initialized = 1;
constexpr int nvrtc_error_internal_error = 11; // NVRTC_ERROR_INTERNAL_ERROR

void record_library_call(const char* name, std::int64_t start_ns, std::int64_t end_ns, int result,
                         const std::string& caller, const char* handle_key, const void* handle) {
  std::string line;
  auto record = detail::json_line(line, "api");
  record.field("domain", "library")
      .field("name", name)
      .field("start_ns", start_ns)
      .field("end_ns", end_ns)
      .field("tid", detail::this_thread_id())
      .field("correlation", 0)
      .field("result", result)
      .field("caller", caller);
  if (handle_key != nullptr)
    record.field(handle_key, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(handle)));
  record.finish();
  write_line(line);
}

template <typename Function> Function next_definition(const char* name) {
  auto* f = reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
  if (f == nullptr) {
    std::string message = "cannot find the real ";
    message += name;
    message += " (is its library loaded?)";
    detail::report_error(message.c_str());
  }
  return f;
}

} // namespace

} // namespace gputrace

using namespace gputrace;

GPUTRACE_EXPORT int cublasCreate_v2(void** handle) {
  using create_fn = int (*)(void**);
  static const auto next = next_definition<create_fn>("cublasCreate_v2");
  if (next == nullptr) {
    return cublas_status_not_initialized;
  }
  if (!trace_open()) {
    return next(handle);
  }
  const std::int64_t start_ns = detail::monotonic_ns();
  const int result = next(handle);
  const std::int64_t end_ns = detail::monotonic_ns();
  record_library_call("cublasCreate_v2", start_ns, end_ns, result, api_caller(), "created_handle",
                      result == 0 && handle != nullptr ? *handle : nullptr);
  return result;
}

GPUTRACE_EXPORT int cublasDestroy_v2(void* handle) {
  using destroy_fn = int (*)(void*);
  static const auto next = next_definition<destroy_fn>("cublasDestroy_v2");
  if (next == nullptr) {
    return cublas_status_not_initialized;
  }
  if (!trace_open()) {
    return next(handle);
  }
  const std::int64_t start_ns = detail::monotonic_ns();
  const int result = next(handle);
  const std::int64_t end_ns = detail::monotonic_ns();
  record_library_call("cublasDestroy_v2", start_ns, end_ns, result, api_caller(), "handle", handle);
  return result;
}

GPUTRACE_EXPORT int nvrtcCompileProgram(void* program, int option_count,
                                        const char* const* options) {
  using compile_fn = int (*)(void*, int, const char* const*);
  static const auto next = next_definition<compile_fn>("nvrtcCompileProgram");
  if (next == nullptr) {
    return nvrtc_error_internal_error;
  }
  if (!trace_open()) {
    return next(program, option_count, options);
  }
  const std::int64_t start_ns = detail::monotonic_ns();
  const int result = next(program, option_count, options);
  const std::int64_t end_ns = detail::monotonic_ns();
  record_library_call("nvrtcCompileProgram", start_ns, end_ns, result, api_caller(), nullptr,
                      nullptr);
  return result;
}
