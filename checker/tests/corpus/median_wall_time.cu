/* SPDX-License-Identifier: MIT */
/* Median of 21 measurements of a 64-block tree reduction over 32M floats; a double wall_time()
 * helper (clock_gettime CLOCK_MONOTONIC) is called before and after each run, with a device
 * sync on both sides. Warm-up run first. */
#include <algorithm>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));                  \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static double wall_time(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

__global__ void reduce_sum(const float* in, float* partial, size_t n) {
  extern __shared__ float smem[];
  float acc = 0.0f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x)
    acc += in[i];
  smem[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      smem[threadIdx.x] += smem[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = smem[0];
}

static void run_reduction(const float* d_in, float* d_partial, size_t n) {
  reduce_sum<<<64, 512, 512 * sizeof(float)>>>(d_in, d_partial, n);
  CUDA_CHECK(cudaGetLastError());
}

int main(void) {
  const size_t n = (size_t)1 << 25;
  const int runs = 21;
  double samples[21];
  float *d_in, *d_partial;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc((void**)&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc((void**)&d_partial, 64 * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_in, 0, n * sizeof(float)));
  run_reduction(d_in, d_partial, n); /* warm-up */
  CUDA_CHECK(cudaDeviceSynchronize());

  for (int r = 0; r < runs; ++r) {
    CUDA_CHECK(cudaDeviceSynchronize());
    double t0 = wall_time();
    run_reduction(d_in, d_partial, n);
    CUDA_CHECK(cudaDeviceSynchronize());
    double t1 = wall_time();
    samples[r] = (t1 - t0) * 1e3;
  }
  std::sort(samples, samples + runs);
  printf("reduce_sum over %zu floats: median %.3f ms (min %.3f, max %.3f)\n", n, samples[runs / 2],
         samples[0], samples[runs - 1]);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_partial));
  return 0;
}
