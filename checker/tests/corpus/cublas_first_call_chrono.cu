// SPDX-License-Identifier: MIT
// Times one 512x512 SGEMM with std::chrono::steady_clock and cudaDeviceSynchronize; the
// context, the buffers and the cuBLAS handle are set up before the timed call.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_OK(x)                                                                                 \
  if (cudaError_t e = (x); e != cudaSuccess) {                                                     \
    std::fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(e));                            \
    std::exit(1);                                                                                  \
  }
#define CUBLAS_OK(x)                                                                               \
  if (cublasStatus_t s = (x); s != CUBLAS_STATUS_SUCCESS) {                                        \
    std::fprintf(stderr, "%s failed: %s\n", #x, cublasGetStatusString(s));                         \
    std::exit(1);                                                                                  \
  }

int main() {
  const int n = 512;
  std::vector<float> host(size_t(n) * n, 0.001f);
  CUDA_OK(cudaFree(0));
  float *a, *b, *c;
  const size_t bytes = host.size() * sizeof(float);
  CUDA_OK(cudaMalloc(&a, bytes));
  CUDA_OK(cudaMalloc(&b, bytes));
  CUDA_OK(cudaMalloc(&c, bytes));
  CUDA_OK(cudaMemcpy(a, host.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(b, host.data(), bytes, cudaMemcpyHostToDevice));
  cublasHandle_t handle;
  CUBLAS_OK(cublasCreate(&handle));
  CUDA_OK(cudaDeviceSynchronize());

  const float one = 1.0f, zero = 0.0f;
  auto t0 = std::chrono::steady_clock::now();
  CUBLAS_OK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n));
  CUDA_OK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();

  std::printf("SGEMM %d: %.3f ms\n", n, std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUBLAS_OK(cublasDestroy(handle));
  CUDA_OK(cudaFree(a));
  CUDA_OK(cudaFree(b));
  CUDA_OK(cudaFree(c));
  return 0;
}
