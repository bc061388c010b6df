// SPDX-License-Identifier: MIT
#include "checkapi/device_probe.hpp"

#include "checkapi/say.hpp"

#include <cuda_runtime.h>

namespace gpucheck {

device_status probe_device() {
  device_status status;
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0) {
    if (error == cudaErrorInsufficientDriver) {
      status.reason = say("check.api.device.no-driver");
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
