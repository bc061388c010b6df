// SPDX-License-Identifier: MIT
/// @file cuda_start_state.hpp
/// @brief Whether this process has started the CUDA driver, and created device 0's context yet,
/// asked without doing either.
///
/// A check that judges a student's timing of a start, step by step, must know that the step it
/// timed did the starting: a CUDA call of the student's made before it (an event created, a
/// synchronize) would have done it untimed, and the step's own time would be right and tell
/// nothing. Any runtime call would start the driver, so the driver API is asked, and only if its
/// library is already loaded (dlopen with RTLD_NOLOAD: the check programs do not link it, so that
/// they run where there is no driver): before cuInit, cuDeviceGetCount answers
/// CUDA_ERROR_NOT_INITIALIZED and does nothing else. Header-only.
#pragma once

#include <dlfcn.h>

namespace gpucheck {

namespace detail {
inline constexpr int cuda_success = 0; // CUDA_SUCCESS
inline constexpr char cuda_driver_library[] = "libcuda.so.1";

// A function of the driver API, when its library is loaded; nullptr otherwise. Loads nothing.
inline void* loaded_driver_function(const char* name) {
  void* driver = dlopen(cuda_driver_library, RTLD_LAZY | RTLD_NOLOAD);
  if (driver == nullptr) {
    return nullptr;
  }
  void* function = dlsym(driver, name);
  dlclose(driver); // drops only the reference RTLD_NOLOAD took
  return function;
}
} // namespace detail

/// Whether the CUDA driver has been initialized in this process (cuInit, which the runtime's first
/// call makes).
inline bool cuda_driver_started() {
  using device_count_function = int (*)(int*);
  const auto device_count =
      reinterpret_cast<device_count_function>(detail::loaded_driver_function("cuDeviceGetCount"));
  int count = 0;
  return device_count != nullptr && device_count(&count) == detail::cuda_success;
}

/// Whether device 0's primary context, the one the runtime uses, is active in this process.
inline bool cuda_context_created() {
  using device_get_function = int (*)(int*, int);
  using context_state_function = int (*)(int, unsigned*, int*);
  const auto device_get =
      reinterpret_cast<device_get_function>(detail::loaded_driver_function("cuDeviceGet"));
  const auto context_state = reinterpret_cast<context_state_function>(
      detail::loaded_driver_function("cuDevicePrimaryCtxGetState"));
  int device = 0;
  unsigned flags = 0;
  int active = 0;
  return cuda_driver_started() && device_get != nullptr && context_state != nullptr &&
         device_get(&device, 0) == detail::cuda_success &&
         context_state(device, &flags, &active) == detail::cuda_success && active != 0;
}

} // namespace gpucheck
