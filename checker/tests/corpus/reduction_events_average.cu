// SPDX-License-Identifier: MIT
// Warp-shuffle reduction of 64M floats, launched 50 times between two CUDA events on the default
// stream; prints the average time per launch and the effective bandwidth.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                              \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      std::fprintf(stderr, "error: %s (%s:%d)\n", cudaGetErrorString(e), __FILE__, __LINE__);      \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__inline__ __device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void reduce(const float* __restrict__ in, float* out, size_t n) {
  float acc = 0.0f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  acc = warp_sum(acc);
  __shared__ float warp_partials[32];
  if ((threadIdx.x & 31) == 0)
    warp_partials[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = threadIdx.x < blockDim.x / 32 ? warp_partials[threadIdx.x] : 0.0f;
    acc = warp_sum(acc);
    if (threadIdx.x == 0)
      atomicAdd(out, acc);
  }
}

__global__ void fill_ones(float* v, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = 1.0f;
}

int main() {
  const size_t n = size_t(1) << 26;
  const int reps = 50;
  float *d_in, *d_out;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  fill_ones<<<unsigned((n + 255) / 256), 256>>>(d_in, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(float)));
  reduce<<<1056, 256>>>(d_in, d_out, n); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaEventRecord(start));
  for (int r = 0; r < reps; ++r)
    reduce<<<1056, 256>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));

  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  ms /= reps;
  float sum = 0.0f;
  CUDA_CHECK(cudaMemcpy(&sum, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("reduce 64M: %.4f ms per launch, %.0f GB/s (sum %.3g)\n", ms,
              n * sizeof(float) / (ms * 1e6), sum);
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return 0;
}
