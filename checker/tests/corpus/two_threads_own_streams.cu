// SPDX-License-Identifier: MIT
// Two host threads, each with its own non-blocking stream, each timing its own 5 launches of a
// busy-wait kernel (4 ms and 6 ms) with std::chrono::steady_clock and cudaStreamSynchronize.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <thread>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void busy(unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
}

struct Worker {
  cudaStream_t stream;
  unsigned long long kernel_ns;
  double measured_ms = 0.0;

  void run() {
    CUDA_CHECK(cudaStreamSynchronize(stream));
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 5; ++i)
      busy<<<1, 1, 0, stream>>>(kernel_ns);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaStreamSynchronize(stream));
    auto t1 = std::chrono::steady_clock::now();
    measured_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  }
};

int main() {
  CUDA_CHECK(cudaFree(0));
  Worker workers[2] = {{nullptr, 4'000'000ull}, {nullptr, 6'000'000ull}};
  for (Worker& w : workers)
    CUDA_CHECK(cudaStreamCreateWithFlags(&w.stream, cudaStreamNonBlocking));
  busy<<<1, 1, 0, workers[0].stream>>>(1000); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::thread first([&] { workers[0].run(); });
  std::thread second([&] { workers[1].run(); });
  first.join();
  second.join();

  for (const Worker& w : workers) {
    std::printf("5 x busy(%.0f ms): %.3f ms\n", w.kernel_ns * 1e-6, w.measured_ms);
    CUDA_CHECK(cudaStreamDestroy(w.stream));
  }
  return 0;
}
