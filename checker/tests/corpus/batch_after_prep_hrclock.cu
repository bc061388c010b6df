// SPDX-License-Identifier: MIT
// Queues 100 short preprocessing kernels, then times a batch of 10 "solve" kernels with
// std::chrono::high_resolution_clock and reports the average per solve.
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

static void cuda_call(cudaError_t status, const char* expr, int line) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(expr) + " failed at line " + std::to_string(line) + ": " +
                             cudaGetErrorString(status));
}
#define CUDA_CALL(expr) cuda_call((expr), #expr, __LINE__)

__device__ __forceinline__ unsigned long long timer_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Stand-ins with known durations: each kernel busy-waits for the given time.
__global__ void preprocess(unsigned long long ns) {
  auto t0 = timer_ns();
  while (timer_ns() - t0 < ns) {
  }
}
__global__ void solve(unsigned long long ns, unsigned* counter) {
  auto t0 = timer_ns();
  while (timer_ns() - t0 < ns) {
  }
  atomicAdd(counter, 1u);
}

int main() try {
  using clk = std::chrono::high_resolution_clock;
  unsigned* counter = nullptr;
  CUDA_CALL(cudaFree(0));
  CUDA_CALL(cudaMalloc(&counter, sizeof(unsigned)));
  CUDA_CALL(cudaMemset(counter, 0, sizeof(unsigned)));
  preprocess<<<1, 32>>>(1000);
  CUDA_CALL(cudaGetLastError());
  solve<<<1, 32>>>(1000, counter);
  CUDA_CALL(cudaGetLastError());
  CUDA_CALL(cudaDeviceSynchronize());

  for (int i = 0; i < 100; ++i) {
    preprocess<<<1, 32>>>(200'000); // 0.2 ms each
    CUDA_CALL(cudaGetLastError());
  }

  const int batch = 10;
  clk::time_point begin = clk::now();
  for (int i = 0; i < batch; ++i) {
    solve<<<1, 32>>>(500'000, counter); // 0.5 ms each
    CUDA_CALL(cudaGetLastError());
  }
  CUDA_CALL(cudaDeviceSynchronize());
  clk::time_point end = clk::now();

  double avg_ms = std::chrono::duration<double, std::milli>(end - begin).count() / batch;
  unsigned host_counter = 0;
  CUDA_CALL(cudaMemcpy(&host_counter, counter, sizeof(unsigned), cudaMemcpyDeviceToHost));
  std::printf("solve: %.3f ms on average over %d runs (counter %u)\n", avg_ms, batch, host_counter);
  CUDA_CALL(cudaFree(counter));
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "error: %s\n", e.what());
  return 1;
}
