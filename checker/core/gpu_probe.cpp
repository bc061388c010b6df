// SPDX-License-Identifier: MIT
#include "core/gpu_probe.hpp"

#include "messages/messages.hpp"

#include <dlfcn.h>

namespace gpucheck {

gpu_presence probe_gpu(const std::string& driver_library) {
  gpu_presence presence;
  void* handle = dlopen(driver_library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    presence.reason = messages::text("gpu.no-driver", {{"library", driver_library}});
    return presence;
  }
  using cu_init = int (*)(unsigned);
  using cu_device_get_count = int (*)(int*);
  const auto init = reinterpret_cast<cu_init>(dlsym(handle, "cuInit"));
  const auto get_count = reinterpret_cast<cu_device_get_count>(dlsym(handle, "cuDeviceGetCount"));
  int count = 0;
  if (init == nullptr || get_count == nullptr) {
    presence.reason = messages::text("gpu.not-a-driver", {{"library", driver_library}});
  } else if (const int status = init(0); status == 100) { // CUDA_ERROR_NO_DEVICE
    presence.reason = messages::text("gpu.no-device");
  } else if (status != 0) {
    presence.reason = messages::text("gpu.driver-failed", {{"status", std::to_string(status)}});
  } else if (get_count(&count) != 0 || count == 0) {
    presence.reason = messages::text("gpu.no-device");
  } else {
    presence.present = true;
  }
  // Not dlclose'd: a driver library does not expect to be unloaded once initialised.
  return presence;
}

} // namespace gpucheck
