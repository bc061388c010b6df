// SPDX-License-Identifier: MIT
// Runs 10 launches of a 3 ms kernel on a cudaStreamNonBlocking stream and times them with
// clock_gettime(CLOCK_MONOTONIC), waiting with cudaStreamSynchronize before reading the clock.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

static void cuda_assert(cudaError_t code, const char* expr, const char* file, int line) {
  if (code != cudaSuccess) {
    std::fprintf(stderr, "%s failed (%s) at %s:%d\n", expr, cudaGetErrorString(code), file, line);
    std::exit(code);
  }
}
#define CUDA_ASSERT(x) cuda_assert((x), #x, __FILE__, __LINE__)

static long long monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__global__ void work(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

int main() {
  cudaStream_t worker;
  CUDA_ASSERT(cudaFree(0));
  CUDA_ASSERT(cudaStreamCreateWithFlags(&worker, cudaStreamNonBlocking));
  work<<<1, 1, 0, worker>>>(1000);
  CUDA_ASSERT(cudaGetLastError());
  CUDA_ASSERT(cudaStreamSynchronize(worker));

  const long long begin_ns = monotonic_ns();
  for (int i = 0; i < 10; ++i)
    work<<<1, 1, 0, worker>>>(3'000'000ull);
  CUDA_ASSERT(cudaGetLastError());
  CUDA_ASSERT(cudaStreamSynchronize(0));
  const long long end_ns = monotonic_ns();

  std::printf("10 x work(3 ms): %.3f ms\n", (end_ns - begin_ns) * 1e-6);
  CUDA_ASSERT(cudaStreamSynchronize(worker));
  CUDA_ASSERT(cudaStreamDestroy(worker));
  return 0;
}
