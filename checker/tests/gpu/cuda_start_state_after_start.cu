// SPDX-License-Identifier: MIT
// checkapi/cuda_start_state.hpp, the case the unit test cannot reach: on a machine with a GPU, the
// answers are no before this process's first CUDA call and yes after it. A probe that always says
// no (its library looked up under the wrong name, say) passes the unit test and fails here.
// Exit 77 (skipped) where no device answers.
#include "checkapi/cuda_start_state.hpp"

#include <cstdio>
#include <cuda_runtime.h>

int main() {
  const bool driver_before = gpucheck::cuda_driver_started();
  const bool context_before = gpucheck::cuda_context_created();
  // The runtime's first call that needs a device starts the driver and creates the context.
  if (const cudaError_t status = cudaFree(nullptr); status != cudaSuccess) {
    std::printf("SKIPPED: no CUDA device answered (%s)\n", cudaGetErrorString(status));
    return 77;
  }
  const bool driver_after = gpucheck::cuda_driver_started();
  const bool context_after = gpucheck::cuda_context_created();
  std::printf("before the first CUDA call: driver %d, context %d; after: driver %d, context %d\n",
              driver_before, context_before, driver_after, context_after);
  const bool right = !driver_before && !context_before && driver_after && context_after;
  if (!right) {
    std::printf("FAILED: expected 0, 0 before and 1, 1 after\n");
  }
  return right ? 0 : 1;
}
