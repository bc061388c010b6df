// SPDX-License-Identifier: MIT
// Times ten 4096x4096 SGEMMs with cuBLAS and std::chrono::steady_clock after a warm-up call.
// Prints the average time per SGEMM and the resulting GFLOP/s.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                           \
                   cudaGetErrorString(err_));                                                      \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

#define CUBLAS_CHECK(call)                                                                         \
  do {                                                                                             \
    cublasStatus_t st_ = (call);                                                                   \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                                            \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #call, (int)st_);  \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void fill(float* data, size_t n, float value) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = value * (float)(i % 17);
}

int main() {
  const int n = 4096;
  const size_t elems = (size_t)n * n;
  const int reps = 10;

  CUDA_CHECK(cudaFree(0));
  float *a, *b, *c;
  CUDA_CHECK(cudaMalloc(&a, elems * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&b, elems * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&c, elems * sizeof(float)));
  const unsigned blocks = (unsigned)((elems + 255) / 256);
  fill<<<blocks, 256>>>(a, elems, 0.01f);
  CUDA_CHECK(cudaGetLastError());
  fill<<<blocks, 256>>>(b, elems, 0.02f);
  CUDA_CHECK(cudaGetLastError());

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  const float alpha = 1.0f, beta = 0.0f;
  // warm-up
  CUBLAS_CHECK(
      cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n));
  CUDA_CHECK(cudaDeviceSynchronize());

  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    CUBLAS_CHECK(
        cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n));
  auto t1 = std::chrono::steady_clock::now();
  double ms = std::chrono::duration<double, std::milli>(t1 - t0).count() / reps;

  CUDA_CHECK(cudaDeviceSynchronize());
  double gflops = 2.0 * n * (double)n * n / (ms * 1e6);
  std::printf("SGEMM %dx%d: %.3f ms per call, %.1f GFLOP/s\n", n, n, ms, gflops);

  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(c));
  return 0;
}
