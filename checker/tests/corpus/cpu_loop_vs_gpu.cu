// SPDX-License-Identifier: MIT
// CPU vs GPU: the same SAXPY over 8M floats, 10 passes, timed on the CPU (a plain loop) and on
// the GPU (warm kernel, device sync before start and stop), both with std::chrono::steady_clock.
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

using steady = std::chrono::steady_clock;

static double ms_between(steady::time_point a, steady::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

static void saxpy_cpu(int n, float a, const float* x, float* y) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 23;
  const int passes = 10;
  std::vector<float> x(n, 1.0f), y(n, 0.0f);

  // CPU
  const auto c0 = steady::now();
  for (int p = 0; p < passes; ++p)
    saxpy_cpu(n, 0.5f, x.data(), y.data());
  const auto c1 = steady::now();

  // GPU
  float *dx, *dy;
  CUDA_CHECK(cudaFree(0));
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  saxpy<<<(n + 255) / 256, 256>>>(n, 0.0f, dx, dy); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  const auto g0 = steady::now();
  for (int p = 0; p < passes; ++p)
    saxpy<<<(n + 255) / 256, 256>>>(n, 0.5f, dx, dy);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto g1 = steady::now();

  float check = 0.0f;
  CUDA_CHECK(cudaMemcpy(&check, dy + 7, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("CPU: %.3f ms  GPU: %.3f ms  (y[7]: cpu %.1f, gpu %.1f)\n", ms_between(c0, c1),
              ms_between(g0, g1), y[7], check);
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  return 0;
}
