// SPDX-License-Identifier: MIT
#include "device_info.hpp"

#include <cupti.h>
#include <dlfcn.h>

namespace gputrace {

device_info query_device_info() {
  device_info info;
  std::uint32_t cupti_version = 0;
  if (cuptiGetVersion(&cupti_version) == CUPTI_SUCCESS) {
    info.cupti_version = cupti_version;
  }
  void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (driver == nullptr) {
    return info;
  }
  using version_fn = int (*)(int*);
  using device_get_fn = int (*)(int*, int);
  using device_name_fn = int (*)(char*, int, int);
  auto driver_version = reinterpret_cast<version_fn>(dlsym(driver, "cuDriverGetVersion"));
  auto device_get = reinterpret_cast<device_get_fn>(dlsym(driver, "cuDeviceGet"));
  auto device_name = reinterpret_cast<device_name_fn>(dlsym(driver, "cuDeviceGetName"));
  if (driver_version != nullptr) {
    driver_version(&info.driver_version);
  }
  int device = 0;
  char name[256] = {};
  if (device_get != nullptr && device_name != nullptr && device_get(&device, 0) == 0 &&
      device_name(name, sizeof name, device) == 0) {
    info.name = name;
  }
  // Only a dynamically linked cudart can be asked; nvcc's default static one is invisible here.
  if (auto runtime_version =
          reinterpret_cast<version_fn>(dlsym(RTLD_DEFAULT, "cudaRuntimeGetVersion"))) {
    runtime_version(&info.runtime_version);
  }
  dlclose(driver); // drops only the reference RTLD_NOLOAD took
  return info;
}

} // namespace gputrace
