// SPDX-License-Identifier: MIT
// Times one complete "process a frame" call with std::chrono::steady_clock: the function gets
// its buffers, copies 256 MB in, runs a scale kernel, copies the result out and releases them.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void scale(float* v, size_t n, float f) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= f;
}

static float process_frame(const float* frame, size_t n) {
  const size_t bytes = n * sizeof(float);
  float* staging = nullptr;
  float* dev = nullptr;
  CUDA_CHECK(cudaMallocHost(&staging, bytes));
  CUDA_CHECK(cudaMalloc(&dev, bytes));
  std::memcpy(staging, frame, bytes);
  CUDA_CHECK(cudaMemcpy(dev, staging, bytes, cudaMemcpyHostToDevice));
  scale<<<unsigned((n + 255) / 256), 256>>>(dev, n, 0.25f);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(staging, dev, bytes, cudaMemcpyDeviceToHost));
  float first = staging[0];
  CUDA_CHECK(cudaFree(dev));
  CUDA_CHECK(cudaFreeHost(staging));
  return first;
}

int main() {
  const size_t n = size_t(64) << 20; // 256 MB of floats
  float* frame = static_cast<float*>(std::malloc(n * sizeof(float)));
  for (size_t i = 0; i < n; ++i)
    frame[i] = 1.0f;

  CUDA_CHECK(cudaFree(0));
  float* scratch = nullptr;
  CUDA_CHECK(cudaMalloc(&scratch, 1024 * sizeof(float)));
  scale<<<4, 256>>>(scratch, 1024, 1.0f); // warm-up
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  auto t0 = std::chrono::steady_clock::now();
  float first = process_frame(frame, n);
  auto t1 = std::chrono::steady_clock::now();

  std::printf("process_frame: %.2f ms (first = %.2f)\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count(), first);
  CUDA_CHECK(cudaFree(scratch));
  std::free(frame);
  return 0;
}
