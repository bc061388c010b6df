/* SPDX-License-Identifier: MIT */
/* Asks the runtime to block (not spin) the host thread while it waits for the GPU, then times a
 * 50 ms busy-wait kernel with clock() around the launch and cudaDeviceSynchronize. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CUDA_TRY(x)                                                                                \
  if ((x) != cudaSuccess) {                                                                        \
    fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x,                              \
            cudaGetErrorString(cudaGetLastError()));                                               \
    exit(1);                                                                                       \
  }

__global__ void hold(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

int main(void) {
  clock_t c0, c1;
  CUDA_TRY(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  CUDA_TRY(cudaFree(0));
  hold<<<1, 1>>>(1000ULL);
  CUDA_TRY(cudaGetLastError());
  CUDA_TRY(cudaDeviceSynchronize());

  c0 = clock();
  hold<<<1, 1>>>(50ULL * 1000 * 1000);
  CUDA_TRY(cudaGetLastError());
  CUDA_TRY(cudaDeviceSynchronize());
  c1 = clock();

  printf("hold(50 ms): %.3f ms\n", (double)(c1 - c0) * 1000.0 / CLOCKS_PER_SEC);
  return 0;
}
