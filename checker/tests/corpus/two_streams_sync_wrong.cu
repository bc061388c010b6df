// SPDX-License-Identifier: MIT
// Copy stream + compute stream: uploads a small parameter block on one stream while a 20 ms
// kernel runs on the other; the step is timed with std::chrono::steady_clock and a stream sync.
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

__global__ void simulate(float* state, unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  state[threadIdx.x] += 1.0f;
}

int main() {
  const int params = 4096;
  cudaStream_t copy_stream, compute_stream;
  float *h_params, *d_params, *d_state;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaStreamCreate(&copy_stream));
  CUDA_CHECK(cudaStreamCreate(&compute_stream));
  CUDA_CHECK(cudaMallocHost(&h_params, params * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_params, params * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_state, 32 * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_state, 0, 32 * sizeof(float)));
  for (int i = 0; i < params; ++i)
    h_params[i] = 0.5f * i;
  simulate<<<1, 32, 0, compute_stream>>>(d_state, 1000); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  auto t0 = std::chrono::steady_clock::now();
  simulate<<<1, 32, 0, compute_stream>>>(d_state, 20'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(d_params, h_params, params * sizeof(float), cudaMemcpyHostToDevice,
                             copy_stream));
  CUDA_CHECK(cudaStreamSynchronize(copy_stream));
  auto t1 = std::chrono::steady_clock::now();

  std::printf("step: %.3f ms\n", std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(d_params));
  CUDA_CHECK(cudaFree(d_state));
  CUDA_CHECK(cudaFreeHost(h_params));
  CUDA_CHECK(cudaStreamDestroy(copy_stream));
  CUDA_CHECK(cudaStreamDestroy(compute_stream));
  return 0;
}
