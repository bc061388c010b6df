// SPDX-License-Identifier: MIT
// A benchmark of a 20 us kernel: 10 ms of untimed warm-up runs, then 20 samples, each a batch of
// 50 runs between two events on the kernel's stream, divided by 50; prints the median sample.
#include <algorithm>
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

__global__ void simulate(float* state, unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  state[threadIdx.x] += 1.0f;
}

int main() {
  cudaStream_t stream;
  float* d_state;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaMalloc(&d_state, 32 * sizeof(float)));
  CUDA_CHECK(cudaMemset(d_state, 0, 32 * sizeof(float)));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  const unsigned long long run_ns = 20'000; // one run: 20 us
  for (int i = 0; i < 500; ++i)             // warm-up: 10 ms of runs, untimed
    simulate<<<1, 32, 0, stream>>>(d_state, run_ns);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  // 20 samples, each a batch of 50 runs (1 ms) between two events; the median sample per run.
  const int batch = 50;
  std::vector<float> per_run_ms;
  for (int sample = 0; sample < 20; ++sample) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int i = 0; i < batch; ++i)
      simulate<<<1, 32, 0, stream>>>(d_state, run_ns);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    per_run_ms.push_back(ms / batch);
  }
  std::sort(per_run_ms.begin(), per_run_ms.end());
  std::printf("one run: %.4f ms (median of %zu samples)\n", per_run_ms[per_run_ms.size() / 2],
              per_run_ms.size());
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_state));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
