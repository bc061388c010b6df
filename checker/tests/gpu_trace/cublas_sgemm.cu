// SPDX-License-Identifier: MIT
// cuBLAS SGEMM, 2048^3: handle creation, one warm-up call, then one call timed with events and
// with std::chrono + device sync. cuBLAS launches through the driver API from its own library.
#include "common.cuh"

#include <chrono>
#include <cublas_v2.h>

int main() {
  const int n = 2048;
  float *a, *b, *c;
  CHECK(cudaMalloc(&a, sizeof(float) * n * n));
  CHECK(cudaMalloc(&b, sizeof(float) * n * n));
  CHECK(cudaMalloc(&c, sizeof(float) * n * n));
  CHECK(cudaMemset(a, 0, sizeof(float) * n * n));
  CHECK(cudaMemset(b, 0, sizeof(float) * n * n));
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
    return 1;
  }
  const float one = 1, zero = 0;
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  CHECK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  auto t0 = std::chrono::steady_clock::now();
  CHECK(cudaEventRecord(start));
  cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  CHECK(cudaEventRecord(stop));
  CHECK(cudaDeviceSynchronize());
  auto t1 = std::chrono::steady_clock::now();
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  std::printf("sgemm: events %.3f ms, chrono %.3f ms\n", ms,
              std::chrono::duration<double, std::milli>(t1 - t0).count());
  cublasDestroy(handle);
  return 0;
}
