// SPDX-License-Identifier: MIT
// Two-stream program: an upload stream copies the inputs (pinned memory), a compute stream runs
// a 25 ms kernel after an event dependency. The compute phase is timed with CUDA events.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t e = (call);                                                                        \
    if (e != cudaSuccess) {                                                                        \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));               \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__device__ unsigned long long gtimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Scales the input, then keeps the SM busy until `ns` have passed (known duration).
__global__ void process(const float* in, float* out, int n, unsigned long long ns) {
  unsigned long long t0 = gtimer();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = 2.0f * in[i];
  while (gtimer() - t0 < ns) {
  }
}

int main() {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  float *h_in, *d_in, *d_out;
  cudaStream_t upload, compute;
  cudaEvent_t uploaded, t_start, t_stop;

  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMallocHost(&h_in, bytes));
  for (int i = 0; i < n; ++i)
    h_in[i] = 1.0f;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaStreamCreate(&upload));
  CUDA_CHECK(cudaStreamCreate(&compute));
  CUDA_CHECK(cudaEventCreateWithFlags(&uploaded, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreate(&t_start));
  CUDA_CHECK(cudaEventCreate(&t_stop));
  process<<<64, 256, 0, compute>>>(d_in, d_out, n, 0); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, upload));
  CUDA_CHECK(cudaEventRecord(uploaded, upload));
  CUDA_CHECK(cudaStreamWaitEvent(compute, uploaded, 0));

  CUDA_CHECK(cudaEventRecord(t_start, upload));
  process<<<64, 256, 0, compute>>>(d_in, d_out, n, 25'000'000ull);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(t_stop, upload));
  CUDA_CHECK(cudaEventSynchronize(t_stop));

  float compute_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&compute_ms, t_start, t_stop));
  std::printf("compute phase: %.3f ms\n", compute_ms);

  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaEventDestroy(uploaded));
  CUDA_CHECK(cudaEventDestroy(t_start));
  CUDA_CHECK(cudaEventDestroy(t_stop));
  CUDA_CHECK(cudaStreamDestroy(upload));
  CUDA_CHECK(cudaStreamDestroy(compute));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFreeHost(h_in));
  return 0;
}
