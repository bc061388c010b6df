// SPDX-License-Identifier: MIT
// Copy-compute-copy pipeline on one stream with pinned host buffers: 128 MB in, a scale-and-
// offset kernel, 128 MB out, timed end to end with CUDA events on that stream.
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

__global__ void affine(const float* in, float* out, size_t n, float a, float b) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[i] = a * in[i] + b;
}

int main() {
  const size_t n = size_t(32) << 20;
  const size_t bytes = n * sizeof(float);
  float *h_in, *h_out, *d_in, *d_out;
  cudaStream_t stream;
  cudaEvent_t begin, end;

  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMallocHost(&h_in, bytes));
  CUDA_CHECK(cudaMallocHost(&h_out, bytes));
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaEventCreate(&begin));
  CUDA_CHECK(cudaEventCreate(&end));
  for (size_t i = 0; i < n; ++i)
    h_in[i] = float(i % 100);
  affine<<<264, 256, 0, stream>>>(d_in, d_out, 1024, 1.0f, 0.0f); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  CUDA_CHECK(cudaEventRecord(begin, stream));
  CUDA_CHECK(cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, stream));
  affine<<<264, 256, 0, stream>>>(d_in, d_out, n, 2.0f, 1.0f);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaEventRecord(end, stream));
  CUDA_CHECK(cudaEventSynchronize(end));

  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
  std::printf("H2D + affine + D2H of %zu MB: %.3f ms (%.1f GB/s moved), out[3] = %.1f\n",
              bytes >> 20, ms, 2.0 * bytes / (ms * 1e6), h_out[3]);

  CUDA_CHECK(cudaEventDestroy(begin));
  CUDA_CHECK(cudaEventDestroy(end));
  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFreeHost(h_in));
  CUDA_CHECK(cudaFreeHost(h_out));
  return 0;
}
