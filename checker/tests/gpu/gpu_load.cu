// SPDX-License-Identifier: MIT
// gpu_load SECONDS: keeps the GPU busy for SECONDS (default 600) from another process, with
// kernels that fill every SM and stream memory, so that the noisy_neighbour.sh test can show what
// gpucheck says about checks run beside it. Exits early on SIGTERM.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace {

volatile std::sig_atomic_t stop_requested = 0;

__global__ void churn(float* data, std::size_t count, int rounds) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
      data[i] = data[i] * 0.999f + 1.0f;
    }
  }
}

} // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 600.0;
  std::signal(SIGTERM, [](int) { stop_requested = 1; });
  std::signal(SIGINT, [](int) { stop_requested = 1; });
  const std::size_t count = std::size_t{1} << 27; // 512 MiB of floats
  float* data = nullptr;
  if (cudaMalloc(&data, count * sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "gpu_load: cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(data, 0, count * sizeof(float));
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::printf("gpu_load: busy for %.0f s on %d SMs\n", seconds, sms);
  std::fflush(stdout);
  while (!stop_requested && std::chrono::steady_clock::now() < deadline) {
    for (int i = 0; i < 8; ++i) {
      churn<<<sms * 8, 256>>>(data, count, 2);
    }
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::fprintf(stderr, "gpu_load: a kernel failed\n");
      return 1;
    }
  }
  cudaFree(data);
  return 0;
}
