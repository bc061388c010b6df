// SPDX-License-Identifier: MIT
// cuBLAS SGEMM 2048x2048 on a user stream: handle created and one SGEMM run as warm-up, then 20
// calls timed with CUDA events recorded on the handle's stream; reports the mean.
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));             \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)
#define CUBLAS_CHECK(call)                                                                         \
  do {                                                                                             \
    cublasStatus_t s_ = (call);                                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cublasGetStatusString(s_));          \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

int main() {
  const int n = 2048;
  const int reps = 20;
  const size_t bytes = size_t(n) * n * sizeof(float);
  std::vector<float> host(size_t(n) * n);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 7) * 0.1f;

  CUDA_CHECK(cudaFree(0));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  float *a, *b, *c;
  CUDA_CHECK(cudaMalloc(&a, bytes));
  CUDA_CHECK(cudaMalloc(&b, bytes));
  CUDA_CHECK(cudaMalloc(&c, bytes));
  CUDA_CHECK(cudaMemcpy(a, host.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(b, host.data(), bytes, cudaMemcpyHostToDevice));

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const float alpha = 1.0f, beta = 0.0f;
  CUBLAS_CHECK(
      cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int r = 0; r < reps; ++r)
    CUBLAS_CHECK(
        cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a, n, b, n, &beta, c, n));
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float total_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&total_ms, start, stop));
  const double ms = total_ms / reps;
  std::printf("SGEMM %d: %.3f ms, %.1f TFLOP/s\n", n, ms, 2.0 * n * double(n) * n / (ms * 1e9));

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(c));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
