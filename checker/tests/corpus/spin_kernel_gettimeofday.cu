/* SPDX-License-Identifier: MIT */
/* C-style program: a kernel that busy-waits 20 ms on %globaltimer, timed with gettimeofday.
 * The kernel and the context are warmed up first. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    exit(EXIT_FAILURE);
  }
}

__device__ static unsigned long long global_ns(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void spin(unsigned long long duration_ns, int* done) {
  unsigned long long start = global_ns();
  while (global_ns() - start < duration_ns) {
  }
  *done = 1;
}

int main(void) {
  int* d_done;
  int h_done = 0;
  struct timeval tv0, tv1;

  check(cudaFree(0), "cudaFree(0)");
  check(cudaMalloc((void**)&d_done, sizeof(int)), "cudaMalloc");
  spin<<<1, 1>>>(1000ULL, d_done); /* warm-up */
  check(cudaGetLastError(), "warm-up launch");
  check(cudaDeviceSynchronize(), "warm-up sync");

  gettimeofday(&tv0, NULL);
  spin<<<1, 1>>>(20ULL * 1000 * 1000, d_done);
  check(cudaGetLastError(), "spin launch");
  gettimeofday(&tv1, NULL);

  double elapsed_ms = (tv1.tv_sec - tv0.tv_sec) * 1e3 + (tv1.tv_usec - tv0.tv_usec) * 1e-3;
  check(cudaMemcpy(&h_done, d_done, sizeof(int), cudaMemcpyDeviceToHost), "copy back");
  printf("spin kernel (20 ms requested): %.3f ms, done=%d\n", elapsed_ms, h_done);
  check(cudaFree(d_done), "cudaFree");
  return 0;
}
