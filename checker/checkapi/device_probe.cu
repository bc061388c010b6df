// SPDX-License-Identifier: MIT
#include "checkapi/device_probe.hpp"

#include "checkapi/say.hpp"

#include <cuda_runtime.h>
#include <dlfcn.h>

namespace gpucheck {

device_status probe_device() {
  device_status status;
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0) {
    if (error == cudaErrorInsufficientDriver) {
      // The runtime says the same for no driver and for one too old; gpucheck's own probe
      // (core/gpu_probe.cpp) names the missing library, and so does this one, in its words.
      constexpr const char* driver_library = "libcuda.so.1";
      void* driver = dlopen(driver_library, RTLD_LAZY | RTLD_LOCAL);
      status.reason = driver == nullptr
                          ? say("check.api.device.no-driver", {{"library", driver_library}})
                          : say("check.api.device.old-driver");
    } else if (error == cudaErrorNoDevice || error == cudaSuccess) {
      status.reason = say("check.api.device.none-visible");
    } else {
      status.reason = cudaGetErrorString(error);
    }
    cudaGetLastError(); // clear the sticky error so later probes start clean
    return status;
  }
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess) {
    status.reason = say("check.api.device.properties-failed");
    return status;
  }
  status.usable = true;
  status.name = properties.name;
  return status;
}

} // namespace gpucheck
