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
#include "python_frames.hpp"
#include "trace_writer.hpp"

#include <atomic>
#include <dlfcn.h>
#include <link.h>
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
  // In a Python script, the Python lines that made the call (PyTorch creates cuBLAS's handle with
  // the GIL released); a native program's library calls carry no site.
  thread_local python_site python;
  if (python_process() && python_frames_of_caller(python))
    record.field("site", python.site).raw_field("python", python.frames_json);
  if (handle_key != nullptr)
    record.field(handle_key, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(handle)));
  record.finish();
  write_line(line);
}

struct search {
  const char* name;
  void* found = nullptr;
};

// The definition of `name` in a loaded object other than this tracer, looked up in that object
// and its dependencies (dlopen RTLD_NOLOAD only returns a handle to what is already loaded).
int find_in_object(dl_phdr_info* info, std::size_t, void* data) {
  auto& wanted = *static_cast<search*>(data);
  if (info->dlpi_name == nullptr || info->dlpi_name[0] == '\0')
    return 0; // the executable: RTLD_NEXT has looked there
  void* object = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  if (object == nullptr)
    return 0;
  void* symbol = dlsym(object, wanted.name);
  dlclose(object);
  Dl_info where{};
  static int self_marker;
  Dl_info self{};
  if (symbol != nullptr && dladdr(symbol, &where) != 0 && dladdr(&self_marker, &self) != 0 &&
      where.dli_fbase != self.dli_fbase) {
    wanted.found = symbol;
    return 1;
  }
  return 0;
}

// The real function behind one of ours. A library that a program links is in the global scope,
// where RTLD_NEXT finds it; one that a plugin loaded privately (PyTorch dlopens its extension,
// which brings cuBLAS from its wheel, RTLD_LOCAL) is not, and yet its callers reach our
// definition first. So the loaded objects are searched too, at the first call rather than at
// load time (the library is loaded by then: its caller is linked against it), and an answer is
// kept only once found. Without one the interposer returns an error status, and says so once.
template <typename Function> class next_definition {
public:
  explicit next_definition(const char* name) : m_name(name) {}

  Function get() {
    Function known = m_function.load(std::memory_order_acquire);
    if (known != nullptr)
      return known;
    void* symbol = dlsym(RTLD_NEXT, m_name);
    if (symbol == nullptr) {
      search wanted{m_name};
      dl_iterate_phdr(find_in_object, &wanted);
      symbol = wanted.found;
    }
    if (symbol == nullptr) {
      if (!m_reported.exchange(true)) {
        std::string message = "cannot find the real ";
        message += m_name;
        message += " (is its library loaded?)";
        detail::report_error(message.c_str());
      }
      return nullptr;
    }
    known = reinterpret_cast<Function>(symbol);
    m_function.store(known, std::memory_order_release);
    return known;
  }

private:
  const char* m_name;
  std::atomic<Function> m_function{nullptr};
  std::atomic<bool> m_reported{false};
};

} // namespace

} // namespace gputrace

using namespace gputrace;

GPUTRACE_EXPORT int cublasCreate_v2(void** handle) {
  using create_fn = int (*)(void**);
  static next_definition<create_fn> real("cublasCreate_v2");
  const auto next = real.get();
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
  static next_definition<destroy_fn> real("cublasDestroy_v2");
  const auto next = real.get();
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
  static next_definition<compile_fn> real("nvrtcCompileProgram");
  const auto next = real.get();
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
