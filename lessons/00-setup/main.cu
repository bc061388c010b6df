// SPDX-License-Identifier: MIT
// Lesson 00's experiment: which GPU is this, what does a failed CUDA call look like, and is the GPU
// always faster? (It is not: a small job, or one whose data must first travel to the GPU, runs
// faster on the CPU.) Usage: make run LESSON=0 [ARGS="n1,n2,..."] (vector lengths; default
// 1000,1000000,50000000). With ARGS="--pinned [n1,n2,...]" it compares, instead, the same job with
// its host data in pageable memory (std::vector) and in pinned memory (cudaMallocHost), and
// measures each kind's copy bandwidth.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "size_list.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

// ANCHOR: saxpy
// y = a * x + y, one element per thread: the simplest useful kernel, and one that does almost no
// arithmetic for each byte it reads.
__global__ void saxpy_kernel(int n, float a, const float* x, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * x[i] + y[i];
  }
}

void saxpy_on_cpu(int n, float a, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    y[i] = a * x[i] + y[i];
  }
}
// ANCHOR_END: saxpy

void saxpy_on_gpu(int n, float a, const float* x, float* y) {
  saxpy_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y);
  CUDA_CHECK_LAUNCH();
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// An array of `count` elements of T in pinned (page-locked) host memory: cudaMallocHost /
// cudaFreeHost. The GPU's copy engines read and write it directly; pageable memory is first staged
// through such a buffer by the driver.
template <typename T> class pinned_buffer {
public:
  explicit pinned_buffer(std::size_t count) {
    CUDA_CHECK(cudaMallocHost(&m_data, count * sizeof(T)));
  }
  ~pinned_buffer() {
    if (m_data != nullptr) {
      cudaFreeHost(m_data); // no check: destructors must not exit the program
    }
  }
  pinned_buffer(const pinned_buffer&) = delete;
  pinned_buffer& operator=(const pinned_buffer&) = delete;
  T* data() const { return m_data; }

private:
  T* m_data = nullptr;
};

// The median of five timed runs, after one untimed run (lesson 01 explains why).
template <typename Run> double median_ms(Run run) {
  run();
  std::vector<double> times;
  for (int i = 0; i < 5; ++i) {
    times.push_back(run());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Copy in, compute, copy out, timed with a host clock from an idle device until the result is
// back on the host (the last cudaMemcpy returns only then).
double copies_and_kernel_ms(int n, const float* x, float* y, float* x_gpu, float* y_gpu) {
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto start = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaMemcpy(x_gpu, x, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y_gpu, y, bytes, cudaMemcpyHostToDevice));
  saxpy_on_gpu(n, 2.0f, x_gpu, y_gpu);
  CUDA_CHECK(cudaMemcpy(y, y_gpu, bytes, cudaMemcpyDeviceToHost));
  return milliseconds_since(start);
}

// One host-to-device copy of n floats, timed with events on the copy's stream: the GB/s it reached.
double host_to_device_gb_per_s(int n, const float* x, float* x_gpu) {
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
  gpucourse::cuda_event start, stop;
  const double ms = median_ms([&] {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventRecord(start, nullptr));
    CUDA_CHECK(cudaMemcpyAsync(x_gpu, x, bytes, cudaMemcpyHostToDevice, nullptr));
    CUDA_CHECK(cudaEventRecord(stop, nullptr));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float elapsed_ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
    return static_cast<double>(elapsed_ms);
  });
  return static_cast<double>(bytes) / (ms * 1e6);
}

// ANCHOR: pinned
// The same job with the host data pageable (std::vector) and pinned (cudaMallocHost).
void compare_pageable_and_pinned(const std::vector<int>& sizes) {
  std::printf("%12s %12s %13s %13s %14s %16s %14s\n", "n", "cpu_ms", "pageable_ms", "pinned_ms",
              "gpu_kernel_ms", "pageable_GB_s", "pinned_GB_s");
  for (const int n : sizes) {
    std::vector<float> x(n, 1.0f), y(n, 2.0f);
    pinned_buffer<float> x_pinned(n), y_pinned(n);
    std::fill(x_pinned.data(), x_pinned.data() + n, 1.0f);
    std::fill(y_pinned.data(), y_pinned.data() + n, 2.0f);
    gpucourse::device_buffer<float> x_gpu(n), y_gpu(n);

    const double cpu_ms = median_ms([&] {
      const auto start = std::chrono::steady_clock::now();
      saxpy_on_cpu(n, 2.0f, x.data(), y.data());
      return milliseconds_since(start);
    });
    const double pageable_ms = median_ms(
        [&] { return copies_and_kernel_ms(n, x.data(), y.data(), x_gpu.data(), y_gpu.data()); });
    const double pinned_ms = median_ms([&] {
      return copies_and_kernel_ms(n, x_pinned.data(), y_pinned.data(), x_gpu.data(), y_gpu.data());
    });
    const double kernel_ms = median_ms([&] {
      CUDA_CHECK(cudaDeviceSynchronize());
      const auto start = std::chrono::steady_clock::now();
      saxpy_on_gpu(n, 2.0f, x_gpu.data(), y_gpu.data());
      CUDA_CHECK(cudaDeviceSynchronize());
      return milliseconds_since(start);
    });
    std::printf("%12d %12.4f %13.4f %13.4f %14.4f %16.2f %14.2f\n", n, cpu_ms, pageable_ms,
                pinned_ms, kernel_ms, host_to_device_gb_per_s(n, x.data(), x_gpu.data()),
                host_to_device_gb_per_s(n, x_pinned.data(), x_gpu.data()));
  }
}
// ANCHOR_END: pinned

} // namespace

int main(int argc, char** argv) {
  const bool pinned_mode = argc > 1 && std::string(argv[1]) == "--pinned";
  const int sizes_argument = pinned_mode ? 2 : 1;
  const std::vector<int> sizes = gpucourse::parse_sizes(
      argc > sizes_argument ? argv[sizes_argument] : "1000,1000000,50000000");
  if (sizes.empty()) {
    std::fprintf(stderr, "usage: %s [--pinned] [n1,n2,...]   (vector lengths, > 0)\n", argv[0]);
    return 2;
  }
  if (pinned_mode) {
    compare_pageable_and_pinned(sizes);
    return 0;
  }

  // ANCHOR: summary
  const device_summary gpu = query_device(0);
  std::printf("device 0: %s, compute capability %d.%d\n", gpu.name.c_str(),
              gpu.compute_capability_major, gpu.compute_capability_minor);
  std::printf("  %d SMs at up to %.0f MHz; %.1f GiB of memory at up to %.0f MHz, %d-bit bus; "
              "L2 %.0f MiB\n",
              gpu.multiprocessor_count, gpu.sm_clock_khz / 1000.0,
              static_cast<double>(gpu.global_memory_bytes) / (1u << 30),
              gpu.memory_clock_khz / 1000.0, gpu.memory_bus_width_bits,
              gpu.l2_cache_bytes / double(1u << 20));
  // ANCHOR_END: summary

  // ANCHOR: failing_call
  // A copy from a null host pointer: the runtime refuses it, and says so only through its return
  // value.
  float* nowhere = nullptr;
  gpucourse::device_buffer<float> some_floats(16);
  const bool copied = CHECKED(cudaMemcpy(some_floats.data(), nowhere, 64, cudaMemcpyHostToDevice));
  std::printf("a copy from a null pointer %s\n", copied ? "succeeded?!" : "failed, as it should");
  // A failed call is also remembered as the thread's "last error", which the next
  // cudaGetLastError() (after a kernel launch, say) would report as its own: clear it now.
  static_cast<void>(cudaGetLastError());
  // ANCHOR_END: failing_call

  // ANCHOR: cpu_vs_gpu
  std::printf("\n%12s %12s %16s %14s\n", "n", "cpu_ms", "gpu_copies_ms", "gpu_kernel_ms");
  for (const int n : sizes) {
    std::vector<float> x(n, 1.0f), y(n, 2.0f);
    gpucourse::device_buffer<float> x_gpu(n), y_gpu(n);
    const std::size_t bytes = x_gpu.bytes();

    const double cpu_ms = median_ms([&] {
      const auto start = std::chrono::steady_clock::now();
      saxpy_on_cpu(n, 2.0f, x.data(), y.data());
      return milliseconds_since(start);
    });
    // What a program pays when its data lives on the host: copy in, compute, copy out.
    const double copies_ms = median_ms([&] {
      CUDA_CHECK(cudaDeviceSynchronize());
      const auto start = std::chrono::steady_clock::now();
      CUDA_CHECK(cudaMemcpy(x_gpu.data(), x.data(), bytes, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(y_gpu.data(), y.data(), bytes, cudaMemcpyHostToDevice));
      saxpy_on_gpu(n, 2.0f, x_gpu.data(), y_gpu.data());
      CUDA_CHECK(cudaMemcpy(y.data(), y_gpu.data(), bytes, cudaMemcpyDeviceToHost));
      return milliseconds_since(start);
    });
    // What it pays when the data is already on the GPU: the kernel alone.
    const double kernel_ms = median_ms([&] {
      CUDA_CHECK(cudaDeviceSynchronize());
      const auto start = std::chrono::steady_clock::now();
      saxpy_on_gpu(n, 2.0f, x_gpu.data(), y_gpu.data());
      CUDA_CHECK(cudaDeviceSynchronize());
      return milliseconds_since(start);
    });
    std::printf("%12d %12.4f %16.4f %14.4f\n", n, cpu_ms, copies_ms, kernel_ms);
  }
  // ANCHOR_END: cpu_vs_gpu
  return 0;
}
