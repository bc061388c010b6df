// SPDX-License-Identifier: MIT
// Measures how long a 5 ms busy-wait kernel takes, with std::chrono::steady_clock around the
// launch and a cudaDeviceSynchronize. This is the program's only GPU work.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK_CUDA(stmt)                                                                           \
  do {                                                                                             \
    const cudaError_t rc = (stmt);                                                                 \
    if (rc != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "[%s:%d] %s -> %s\n", __FILE__, __LINE__, #stmt, cudaGetErrorName(rc)); \
      std::abort();                                                                                \
    }                                                                                              \
  } while (false)

__global__ void busy_wait(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

int main() {
  const auto begin = std::chrono::steady_clock::now();
  busy_wait<<<1, 1>>>(5'000'000ull);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  const auto end = std::chrono::steady_clock::now();

  const double us = std::chrono::duration<double, std::micro>(end - begin).count();
  std::printf("busy_wait(5 ms) took %.1f us\n", us);
  return 0;
}
