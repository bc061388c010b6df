// SPDX-License-Identifier: MIT
// Measures two things for a batch of 200 small kernels (about 10 us each), with
// std::chrono::steady_clock: the CPU time spent submitting them (an interval that deliberately
// does not wait for the GPU), and, separately, the time to run such a batch (device sync).
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

__global__ void step(unsigned long long ns, unsigned* count) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  atomicAdd(count, 1u);
}

int main() {
  using clock = std::chrono::steady_clock;
  const int batch = 200;
  unsigned* count;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc(&count, sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(count, 0, sizeof(unsigned)));
  step<<<1, 32>>>(1000, count); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  const auto submit_begin = clock::now();
  for (int i = 0; i < batch; ++i)
    step<<<1, 32>>>(10'000, count);
  const auto submit_end = clock::now(); // gpucheck: submission-only
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  const auto run_begin = clock::now();
  for (int i = 0; i < batch; ++i)
    step<<<1, 32>>>(10'000, count);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto run_end = clock::now();

  const double submit_us =
      std::chrono::duration<double, std::micro>(submit_end - submit_begin).count();
  const double run_ms = std::chrono::duration<double, std::milli>(run_end - run_begin).count();
  std::printf("submitting %d launches: %.1f us (%.2f us per launch); running them: %.3f ms\n",
              batch, submit_us, submit_us / batch, run_ms);
  CUDA_CHECK(cudaFree(count));
  return 0;
}
