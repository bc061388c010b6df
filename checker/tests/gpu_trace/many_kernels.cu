// SPDX-License-Identifier: MIT
// Launch overhead: 10,000 tiny kernels, then one device sync. Prints the loop's time so that the
// tracer's overhead can be read from a traced and an untraced run.
#include "common.cuh"

#include <chrono>

__global__ void tiny(int* x) {
  x[threadIdx.x] += 1;
}

int main() {
  int* x;
  CHECK(cudaMalloc(&x, 32 * sizeof(int)));
  tiny<<<1, 32>>>(x);
  CHECK(cudaDeviceSynchronize());
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < 10000; ++i) {
    tiny<<<1, 32>>>(x);
  }
  CHECK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  std::printf("loop_ms %.3f\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  CHECK(cudaFree(x));
  return 0;
}
