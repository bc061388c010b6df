// SPDX-License-Identifier: MIT
// Times 20 vector additions over 64M floats with std::chrono::steady_clock, synchronizing the
// device before starting and before stopping the clock; kernel and context warmed up first.
#include <chrono>
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

__global__ void init(float* a, float* b, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = 1.0f;
    b[i] = 2.0f;
  }
}

__global__ void vector_add(const float* a, const float* b, float* c, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const size_t n = size_t(1) << 26;
  const int reps = 20;
  const unsigned blocks = unsigned((n + 255) / 256);
  float *a, *b, *c;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&c, n * sizeof(float)));
  init<<<blocks, 256>>>(a, b, n);
  CUDA_CHECK(cudaGetLastError());
  vector_add<<<blocks, 256>>>(a, b, c, n); // warm-up
  CUDA_CHECK(cudaGetLastError());

  CUDA_CHECK(cudaDeviceSynchronize());
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    vector_add<<<blocks, 256>>>(a, b, c, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto stop = std::chrono::steady_clock::now();

  const double ms = std::chrono::duration<double, std::milli>(stop - start).count() / reps;
  std::printf("vector_add 64M: %.3f ms, %.0f GB/s\n", ms, 3.0 * n * sizeof(float) / (ms * 1e6));
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(c));
  return 0;
}
