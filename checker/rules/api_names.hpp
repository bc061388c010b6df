// SPDX-License-Identifier: MIT
// What kind of CUDA call an api record is, by its name (runtime, driver and library variants). The
// one classifier of API names: the rules and the timeline's colours (timeline/detail/api_kind) both
// ask it, so they never disagree about a call.
#pragma once

#include <string>
#include <string_view>

namespace gpucheck::rules::detail {

inline bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// cudaEventRecord, cudaEventRecord_ptsz, cudaEventRecordWithFlags(_ptsz), cuEventRecord...
inline bool is_event_record(std::string_view name) {
  return starts_with(name, "cudaEventRecord") || starts_with(name, "cuEventRecord");
}
inline bool is_elapsed_time(std::string_view name) {
  return starts_with(name, "cudaEventElapsedTime") || starts_with(name, "cuEventElapsedTime");
}
inline bool is_event_creation(std::string_view name) {
  return starts_with(name, "cudaEventCreate") || starts_with(name, "cuEventCreate");
}
// cudaStreamWaitEvent(_ptsz): a stream's later work waits for an event (the runtime's calls, whose
// stream and event the tracer records).
inline bool is_stream_wait_event(std::string_view name) {
  return starts_with(name, "cudaStreamWaitEvent");
}
inline bool is_stream_creation(std::string_view name) {
  return starts_with(name, "cudaStreamCreate") || starts_with(name, "cuStreamCreate");
}

// One-time library set-up: creating a handle or a plan (cold-start counts these).
inline bool is_library_handle_creation(std::string_view name) {
  for (std::string_view prefix : {"cublasCreate", "cublasLtCreate", "cusparseCreate",
                                  "cusolverDnCreate", "cudnnCreate", "cufftPlan", "curandCreate"}) {
    if (starts_with(name, prefix))
      return true;
  }
  return false;
}

// The library a call was made from, named for a student: by the file name of the library that
// made it (the api record's caller, "libcublasLt.so.13" -> "cuBLAS"), the file name itself for a
// library not listed here, and empty for the program's own calls.
inline std::string library_of_caller(std::string_view caller) {
  if (caller.empty() || caller == "program")
    return {};
  for (auto [prefix, name] : {std::pair<std::string_view, std::string_view>{"libcublas", "cuBLAS"},
                              {"libcufft", "cuFFT"},
                              {"libcurand", "cuRAND"},
                              {"libcusparse", "cuSPARSE"},
                              {"libcusolver", "cuSOLVER"},
                              {"libcudnn", "cuDNN"},
                              {"libnvrtc", "NVRTC"},
                              {"libnvJitLink", "nvJitLink"}}) {
    if (starts_with(caller, prefix))
      return std::string(name);
  }
  return std::string(caller);
}

// thrust and CUB are header-only: their kernels are compiled into the program, in their own
// namespaces (a thrust algorithm runs CUB's kernels with thrust's types), so a launch of one is a
// call into the library. "thrust/CUB" for such a kernel's name, empty otherwise.
inline std::string_view library_of_kernel(std::string_view kernel) {
  if (kernel.find("thrust::") != std::string_view::npos ||
      kernel.find("cub::") != std::string_view::npos) {
    return "thrust/CUB";
  }
  return {};
}

// Compiling GPU code at run time (NVRTC, recorded by interposition): one-time work each time.
inline bool is_runtime_compilation(std::string_view name) {
  return starts_with(name, "nvrtcCompileProgram");
}

// A launch of GPU work (a kernel or a graph), by the runtime's or the driver's name.
inline bool is_launch(std::string_view name) {
  return starts_with(name, "cudaLaunch") || starts_with(name, "cuLaunch") ||
         starts_with(name, "cudaGraphLaunch") || starts_with(name, "cuGraphLaunch");
}

// Loading a module (the lazy load of a kernel's code at its first launch, or an explicit load):
// one-time start-up, which cold-start reports (never setup-in-region as well).
inline bool is_module_load(std::string_view name) {
  for (std::string_view prefix : {"cuModuleLoad", "cuLibraryLoad", "cudaLibraryLoad"}) {
    if (starts_with(name, prefix))
      return true;
  }
  return false;
}

// Allocation, freeing, creating or destroying streams/events/handles, loading modules, making
// graph executables: one-time work that does not belong in a timed region. Copies are not setup;
// stream-ordered allocation (cudaMallocAsync, cudaFreeAsync) is designed to be used in the loop.
inline bool is_setup_call(std::string_view name) {
  if (starts_with(name, "cudaMallocAsync") || starts_with(name, "cudaMallocFromPoolAsync") ||
      starts_with(name, "cudaFreeAsync")) {
    return false;
  }
  for (std::string_view prefix :
       {"cudaMalloc", "cudaHostAlloc", "cudaHostRegister", "cudaFree", "cudaStreamCreate",
        "cudaStreamDestroy", "cudaEventCreate", "cudaEventDestroy", "cudaGraphInstantiate",
        "cuMemAlloc", "cuMemFree", "cublasDestroy", "cublasLtDestroy"}) {
    if (starts_with(name, prefix))
      return true;
  }
  return is_library_handle_creation(name);
}

// One-time start-up that is not setup the program asked for: initialising the driver, making or
// choosing a context, setting a kernel's attributes or a limit (cuBLAS's first call does these).
inline bool is_start_up_call(std::string_view name) {
  for (std::string_view part : {"cuInit", "SetDevice", "DeviceReset", "CtxCreate", "PrimaryCtx",
                                "FuncSetAttribute", "SetLimit"}) {
    if (name.find(part) != std::string_view::npos)
      return true;
  }
  return false;
}

// A launch of GPU work (only used to describe; work is found by correlation).
inline bool is_sync_copy(std::string_view name) {
  for (std::string_view n :
       {"cudaMemcpy", "cudaMemcpy_ptds", "cudaMemcpy2D", "cudaMemcpy2D_ptds", "cudaMemcpy3D",
        "cudaMemcpy3D_ptds", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol",
        "cudaMemcpyToSymbol_ptds", "cudaMemcpyFromSymbol_ptds"}) {
    if (name == n)
      return true;
  }
  return false;
}

inline constexpr int cuda_success = 0;
inline constexpr int cuda_error_not_ready = 600;
inline constexpr unsigned cuda_stream_non_blocking = 0x1;
inline constexpr unsigned cuda_event_disable_timing = 0x2;

} // namespace gpucheck::rules::detail
