// SPDX-License-Identifier: MIT
// Times "compute and fetch the result": a 12 ms kernel on the default stream, then a blocking
// cudaMemcpy of its 4 MB result into pageable memory, with std::chrono::steady_clock.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void compute(float* out, int n, unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = 0.5f * i;
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

int main() {
  const int n = 1 << 20;
  std::vector<float> result(n);
  float* d_out;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  compute<<<128, 256>>>(d_out, n, 0); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(result.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

  auto t0 = std::chrono::steady_clock::now();
  compute<<<128, 256>>>(d_out, n, 12'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(result.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  auto t1 = std::chrono::steady_clock::now();

  std::printf("compute + fetch: %.3f ms (result[10] = %.1f)\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count(), result[10]);
  CUDA_CHECK(cudaFree(d_out));
  return 0;
}
