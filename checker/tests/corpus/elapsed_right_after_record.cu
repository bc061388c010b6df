/* SPDX-License-Identifier: MIT */
/* Times a 30 ms busy-wait kernel with CUDA events on the default stream (C style) and prints
 * the elapsed time, or a note when the runtime reports it as not ready. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t err = (call);                                                                      \
    if (err != cudaSuccess) {                                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err));                 \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__global__ void wait_ns(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

int main(void) {
  cudaEvent_t start, stop;
  float ms = -1.0f;
  cudaError_t status;

  CHECK(cudaFree(0));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  wait_ns<<<1, 1>>>(1000ULL);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaEventRecord(start, 0));
  wait_ns<<<1, 1>>>(30ULL * 1000 * 1000);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop, 0));

  status = cudaEventElapsedTime(&ms, start, stop);
  if (status == cudaErrorNotReady) {
    (void)cudaGetLastError(); /* not sticky; clear it */
    printf("kernel time: not available yet (cudaErrorNotReady)\n");
  } else {
    CHECK(status);
    printf("kernel time: %.3f ms\n", ms);
  }

  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return 0;
}
