// SPDX-License-Identifier: MIT
// checkapi/cuda_start_state.hpp: asking whether CUDA has started must not start it. This program
// makes no CUDA call and does not link the driver, so on any machine, with a driver or without,
// both answers are no, and the driver's library is still not loaded after asking: a probe that
// loaded it (dlopen without RTLD_NOLOAD) fails here on every machine that has a driver.
#include "checkapi/cuda_start_state.hpp"

#include <doctest/doctest.h>

#include <dlfcn.h>

TEST_CASE("asking whether the CUDA driver and context have started starts neither") {
  CHECK_FALSE(gpucheck::cuda_driver_started());
  CHECK_FALSE(gpucheck::cuda_context_created());
  void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  CHECK(driver == nullptr);
  if (driver != nullptr) {
    dlclose(driver);
  }
}
