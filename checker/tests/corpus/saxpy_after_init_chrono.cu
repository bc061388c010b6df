// SPDX-License-Identifier: MIT
// Initializes two 64M-element vectors with a slow generator kernel, then times 20 SAXPY passes
// with std::chrono::steady_clock and cudaDeviceSynchronize.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x)                                                                                      \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      std::printf("CUDA failure %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__);        \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

__device__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Generates pseudo-random inputs; one block per 1/1024 of the data, each block spends a fixed
// time in its generator (stands in for an expensive initialization).
__global__ void generate(float* x, float* y, size_t n, unsigned long long per_block_ns) {
  unsigned long long start = now_ns();
  size_t chunk = (n + gridDim.x - 1) / gridDim.x;
  size_t begin = blockIdx.x * chunk;
  for (size_t i = begin + threadIdx.x; i < begin + chunk && i < n; i += blockDim.x) {
    unsigned h = (unsigned)i * 2654435761u;
    x[i] = (h & 0xffff) / 65536.0f;
    y[i] = (h >> 16) / 65536.0f;
  }
  while (now_ns() - start < per_block_ns) {
  }
}

__global__ void saxpy(float a, const float* x, float* y, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const size_t n = size_t(1) << 26;
  const int passes = 20;
  float *x, *y;
  CK(cudaFree(0));
  CK(cudaMalloc(&x, n * sizeof(float)));
  CK(cudaMalloc(&y, n * sizeof(float)));
  const unsigned blocks = unsigned((n + 255) / 256);

  // warm-up of both kernels
  generate<<<1024, 256>>>(x, y, n, 0);
  CK(cudaGetLastError());
  saxpy<<<blocks, 256>>>(0.5f, x, y, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());

  // every block spends at least 30 ms
  generate<<<1024, 256>>>(x, y, n, 30ull * 1000 * 1000);
  CK(cudaGetLastError());

  auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < passes; ++p) {
    saxpy<<<blocks, 256>>>(0.5f, x, y, n);
    CK(cudaGetLastError());
  }
  CK(cudaDeviceSynchronize());
  auto stop = std::chrono::steady_clock::now();

  double ms = std::chrono::duration<double, std::milli>(stop - start).count();
  double gbps = 3.0 * n * sizeof(float) * passes / (ms * 1e6);
  std::printf("%d SAXPY passes: %.3f ms (%.1f GB/s)\n", passes, ms, gbps);
  CK(cudaFree(x));
  CK(cudaFree(y));
}
