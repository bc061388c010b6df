// SPDX-License-Identifier: MIT
// Uploads 64 MB from pinned memory, runs a 40 ms kernel on a stream, and waits on a
// blocking-sync event; the whole step is timed with clock_gettime(CLOCK_PROCESS_CPUTIME_ID).
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

#define CU(call)                                                                                   \
  do {                                                                                             \
    if (cudaError_t e = (call); e != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s -> %s\n", #call, cudaGetErrorString(e));                            \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__device__ unsigned long long gt() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void smooth(float* v, size_t n, unsigned long long ns) {
  unsigned long long t0 = gt();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i + 1 < n;
       i += (size_t)gridDim.x * blockDim.x)
    v[i] = 0.5f * (v[i] + v[i + 1]);
  while (gt() - t0 < ns) {
  }
}

static double now_ms(clockid_t id) {
  timespec ts;
  clock_gettime(id, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main() {
  const size_t n = size_t(16) << 20;
  const size_t bytes = n * sizeof(float);
  float *host, *dev;
  cudaStream_t stream;
  cudaEvent_t done;
  CU(cudaFree(0));
  CU(cudaMallocHost(&host, bytes));
  CU(cudaMalloc(&dev, bytes));
  for (size_t i = 0; i < n; ++i)
    host[i] = float(i & 1023);
  CU(cudaStreamCreate(&stream));
  CU(cudaEventCreateWithFlags(&done, cudaEventBlockingSync | cudaEventDisableTiming));
  smooth<<<256, 256, 0, stream>>>(dev, n, 0); // warm-up
  CU(cudaGetLastError());
  CU(cudaStreamSynchronize(stream));

  double t0 = now_ms(CLOCK_PROCESS_CPUTIME_ID);
  CU(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, stream));
  smooth<<<256, 256, 0, stream>>>(dev, n, 40'000'000ull);
  CU(cudaGetLastError());
  CU(cudaEventRecord(done, stream));
  CU(cudaEventSynchronize(done));
  double t1 = now_ms(CLOCK_PROCESS_CPUTIME_ID);

  std::printf("upload + smooth: %.3f ms\n", t1 - t0);
  CU(cudaEventDestroy(done));
  CU(cudaStreamDestroy(stream));
  CU(cudaFree(dev));
  CU(cudaFreeHost(host));
  return 0;
}
