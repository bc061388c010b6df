// SPDX-License-Identifier: MIT
// Runs a 20 ms busy-wait kernel on a stream created with cudaStreamNonBlocking and times it
// with two CUDA events recorded on the default stream.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(expr)                                                                           \
  do {                                                                                             \
    cudaError_t status = (expr);                                                                   \
    if (status != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s (%s:%d)\n", cudaGetErrorString(status), __FILE__, __LINE__);        \
      std::exit(EXIT_FAILURE);                                                                     \
    }                                                                                              \
  } while (0)

__global__ void spin_ns(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ns);
}

int main() {
  cudaStream_t stream;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  spin_ns<<<1, 1, 0, stream>>>(1000);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaEventRecord(start));
  spin_ns<<<1, 1, 0, stream>>>(20'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));

  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  std::printf("kernel time: %.3f ms (expected about 20 ms)\n", ms);

  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
