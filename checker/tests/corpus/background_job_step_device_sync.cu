// SPDX-License-Identifier: MIT
// A 30 ms background job runs on one stream while a 2 ms step runs on another; the step is timed
// with std::chrono::steady_clock, and the host waits with cudaDeviceSynchronize before the stop.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void simulate(float* state, unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  state[threadIdx.x] += 1.0f;
}

int main() {
  cudaStream_t background, step_stream;
  float* d_state;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaStreamCreate(&background));
  CUDA_CHECK(cudaStreamCreate(&step_stream));
  CUDA_CHECK(cudaMalloc(&d_state, 64 * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_state, 0, 64 * sizeof(float)));
  simulate<<<1, 32, 0, step_stream>>>(d_state, 1000); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  // A long background job (30 ms) on its own stream, then one 2 ms step on the step stream.
  simulate<<<1, 32, 0, background>>>(d_state + 32, 30'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  auto t0 = std::chrono::steady_clock::now();
  simulate<<<1, 32, 0, step_stream>>>(d_state, 2'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();

  std::printf("step: %.3f ms\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_state));
  CUDA_CHECK(cudaStreamDestroy(background));
  CUDA_CHECK(cudaStreamDestroy(step_stream));
  return 0;
}
