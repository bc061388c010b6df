// SPDX-License-Identifier: MIT
// Times 8 launches of a clock64 busy-loop kernel (about 2 ms each) on a stream with
// std::chrono::high_resolution_clock and cudaStreamSynchronize of that stream.
#include <chrono>
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

__global__ void burn_cycles(long long cycles, long long* sink) {
  long long start = clock64();
  long long now = start;
  while (now - start < cycles)
    now = clock64();
  if (threadIdx.x == 0)
    *sink = now - start;
}

int main() {
  using hrc = std::chrono::high_resolution_clock;
  CUDA_CHECK(cudaFree(0));
  int clock_khz = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  const long long cycles = 2LL * clock_khz; // about 2 ms at the boost clock

  cudaStream_t stream;
  long long* sink;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaMalloc(&sink, sizeof(long long)));
  burn_cycles<<<1, 32, 0, stream>>>(100, sink); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  const int launches = 8;
  hrc::time_point t0 = hrc::now();
  for (int i = 0; i < launches; ++i)
    burn_cycles<<<1, 32, 0, stream>>>(cycles, sink);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));
  hrc::time_point t1 = hrc::now();

  std::printf("%d x burn_cycles(%lld): %.3f ms\n", launches, cycles,
              std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUDA_CHECK(cudaFree(sink));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
