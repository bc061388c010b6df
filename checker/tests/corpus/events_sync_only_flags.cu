// SPDX-License-Identifier: MIT
// Times a 10 ms busy-wait kernel on a stream with two CUDA events created with
// cudaEventCreateWithFlags, and prints the elapsed time or the error it got.
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

__global__ void spin(unsigned long long ns) {
  unsigned long long a, b;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(a));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(b));
  } while (b - a < ns);
}

int main() {
  cudaStream_t s;
  cudaEvent_t begin, end;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaStreamCreate(&s));
  // cheap events: no blocking sync
  CUDA_CHECK(cudaEventCreateWithFlags(&begin, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&end, cudaEventDisableTiming));
  spin<<<1, 1, 0, s>>>(1000);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(s));

  CUDA_CHECK(cudaEventRecord(begin, s));
  spin<<<1, 1, 0, s>>>(10'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(end, s));
  CUDA_CHECK(cudaEventSynchronize(end));

  float ms = 0.0f;
  cudaError_t e = cudaEventElapsedTime(&ms, begin, end);
  if (e == cudaSuccess) {
    std::printf("spin(10 ms): %.3f ms\n", ms);
  } else {
    (void)cudaGetLastError();
    std::printf("spin(10 ms): elapsed time unavailable (%s)\n", cudaGetErrorName(e));
  }

  CUDA_CHECK(cudaEventDestroy(begin));
  CUDA_CHECK(cudaEventDestroy(end));
  CUDA_CHECK(cudaStreamDestroy(s));
  return 0;
}
