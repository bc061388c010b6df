// SPDX-License-Identifier: MIT
// Scales a 256-element array in place on a stream and times the kernel with CUDA events on
// that stream, after a warm-up launch.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t s_ = (call);                                                                       \
    if (s_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "CUDA: %s at %s:%d\n", cudaGetErrorName(s_), __FILE__, __LINE__);       \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void scale(float* v, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= f;
}

int main() {
  const int n = 256;
  float* v;
  cudaStream_t stream;
  cudaEvent_t start, stop;
  CK(cudaFree(0));
  CK(cudaStreamCreate(&stream));
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  CK(cudaMalloc(&v, n * sizeof(float)));
  CK(cudaMemsetAsync(v, 0, n * sizeof(float), stream));
  scale<<<1, n, 0, stream>>>(v, n, 1.0f);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(stream));

  CK(cudaEventRecord(start, stream));
  scale<<<1, n, 0, stream>>>(v, n, 2.0f);
  CK(cudaGetLastError());
  CK(cudaEventRecord(stop, stream));
  CK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CK(cudaEventElapsedTime(&ms, start, stop));
  std::printf("scale(%d): %.4f ms\n", n, ms);

  CK(cudaFree(v));
  CK(cudaEventDestroy(start));
  CK(cudaEventDestroy(stop));
  CK(cudaStreamDestroy(stream));
  return 0;
}
