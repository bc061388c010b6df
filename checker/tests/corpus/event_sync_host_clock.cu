// SPDX-License-Identifier: MIT
// Host-clock timing of work on a stream (std::chrono::steady_clock), waiting for a completion
// event recorded on that stream (cudaEventSynchronize) before stopping the clock. The kernel
// spins on clock64 for about 8 ms.
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

__global__ void spin_cycles(long long cycles, int* out) {
  const long long begin = clock64();
  while (clock64() - begin < cycles) {
  }
  out[blockIdx.x] = 1;
}

class Stream {
public:
  Stream() { CUDA_CHECK(cudaStreamCreate(&m_stream)); }
  ~Stream() { cudaStreamDestroy(m_stream); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  operator cudaStream_t() const { return m_stream; }

private:
  cudaStream_t m_stream{};
};

int main() {
  CUDA_CHECK(cudaFree(0));
  int clock_khz = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  int* d_out;
  CUDA_CHECK(cudaMalloc(&d_out, 16 * sizeof(int)));
  Stream stream;
  cudaEvent_t done;
  CUDA_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  spin_cycles<<<16, 64, 0, stream>>>(10, d_out); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaStreamSynchronize(stream));

  auto t0 = std::chrono::steady_clock::now();
  spin_cycles<<<16, 64, 0, stream>>>(8LL * clock_khz, d_out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(done, stream));
  CUDA_CHECK(cudaEventSynchronize(done));
  auto t1 = std::chrono::steady_clock::now();

  std::printf("spin_cycles(~8 ms): %.3f ms\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUDA_CHECK(cudaEventDestroy(done));
  CUDA_CHECK(cudaFree(d_out));
  return 0;
}
