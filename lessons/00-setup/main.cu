// SPDX-License-Identifier: MIT
// Lesson 00's experiment: which GPU is this, what does a failed CUDA call look like, and is the GPU
// always faster? (It is not: a small job, or one whose data must first travel to the GPU, runs
// faster on the CPU.) Usage: make run LESSON=0 [ARGS="n1,n2,..."] (vector lengths; default
// 1000,1000000,50000000). With ARGS="--pinned [n1,n2,...]" it compares, instead, the same job with
// its host data in pageable memory (std::vector) and in pinned memory (cudaMallocHost), and
// measures each kind's copy bandwidth with your compare_host_memory. With ARGS="--break-even" it
// measures the costs of the job with your time_copy_ms, predicts with your break_even_elements
// where the GPU job starts to beat the CPU loop, and times both around that size.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "pinned_buffer.cuh"
#include "size_list.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
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

using gpucourse::pinned_buffer;

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

// One copy of n floats from each kind of host memory, by your compare_host_memory (the median of
// five calls, after one not counted): the bandwidth [GB/s] each kind reached.
struct copy_bandwidth {
  double pageable_gb_per_s = 0;
  double pinned_gb_per_s = 0;
};

copy_bandwidth measure_copy_bandwidth(int n, const float* x, float* from_pageable,
                                      float* from_pinned) {
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float);
  const auto gb_per_s = [&](double host_copy_times::*kind) {
    const double ms =
        median_ms([&] { return compare_host_memory(x, bytes, from_pageable, from_pinned).*kind; });
    return static_cast<double>(bytes) / (ms * 1e6);
  };
  return {gb_per_s(&host_copy_times::pageable_ms), gb_per_s(&host_copy_times::pinned_ms)};
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
    const copy_bandwidth copies = measure_copy_bandwidth(n, x.data(), x_gpu.data(), y_gpu.data());
    std::printf("%12d %12.4f %13.4f %13.4f %14.4f %16.2f %14.2f\n", n, cpu_ms, pageable_ms,
                pinned_ms, kernel_ms, copies.pageable_gb_per_s, copies.pinned_gb_per_s);
  }
}
// ANCHOR_END: pinned

// ANCHOR: break_even_run
// Measures the three costs of break_even_elements on this machine, predicts the break-even from
// pageable and from pinned memory, and times the CPU loop and the GPU job around the prediction.
void predict_and_measure_break_even() {
  // The copies' bandwidth, timed by your time_copy_ms on 200 MB.
  const int large = 50'000'000;
  std::vector<float> x_pageable(large, 1.0f);
  pinned_buffer<float> x_pinned(large);
  std::fill(x_pinned.data(), x_pinned.data() + large, 1.0f);
  gpucourse::device_buffer<float> x_gpu(large);
  const auto gb_per_s = [&](const float* host) {
    const double ms = median_ms([&] { return time_copy_ms(x_gpu.data(), host, x_gpu.bytes()); });
    return static_cast<double>(x_gpu.bytes()) / (ms * 1e6);
  };
  const double pageable_gb_per_s = gb_per_s(x_pageable.data());
  const double pinned_gb_per_s = gb_per_s(x_pinned.data());

  // The CPU loop's time per element, on a million elements.
  const int million = 1'000'000;
  std::vector<float> x(million, 1.0f), y(million, 2.0f);
  const double cpu_million_ms = median_ms([&] {
    const auto start = std::chrono::steady_clock::now();
    saxpy_on_cpu(million, 2.0f, x.data(), y.data());
    return milliseconds_since(start);
  });
  const double cpu_ns_per_element = cpu_million_ms * 1e6 / million;

  // The GPU job's fixed cost: the whole job for one element.
  pinned_buffer<float> one_pinned(2);
  gpucourse::device_buffer<float> one_gpu(2);
  const double pageable_fixed_ms = median_ms([&] {
    return copies_and_kernel_ms(1, x.data(), y.data(), one_gpu.data(), one_gpu.data() + 1);
  });
  const double pinned_fixed_ms = median_ms([&] {
    return copies_and_kernel_ms(1, one_pinned.data(), one_pinned.data() + 1, one_gpu.data(),
                                one_gpu.data() + 1);
  });

  const double pageable_n =
      break_even_elements({cpu_ns_per_element, pageable_fixed_ms, pageable_gb_per_s});
  const double pinned_n =
      break_even_elements({cpu_ns_per_element, pinned_fixed_ms, pinned_gb_per_s});
  std::printf("%-9s %16s %18s %14s %22s\n", "memory", "copy_GB_s", "gpu_fixed_ms", "cpu_ns_per_el",
              "predicted_break_even");
  std::printf("%-9s %16.2f %18.4f %14.3f %22.0f\n", "pageable", pageable_gb_per_s,
              pageable_fixed_ms, cpu_ns_per_element, pageable_n);
  std::printf("%-9s %16.2f %18.4f %14.3f %22.0f\n", "pinned", pinned_gb_per_s, pinned_fixed_ms,
              cpu_ns_per_element, pinned_n);

  // Both jobs timed at sizes around the pinned prediction (or, without one, at fixed sizes).
  std::vector<int> sizes;
  if (std::isfinite(pinned_n) && pinned_n >= 1 && pinned_n <= 2e7) {
    for (const double factor : {0.25, 0.5, 1.0, 2.0, 4.0}) {
      sizes.push_back(std::max(1, static_cast<int>(pinned_n * factor)));
    }
  } else {
    sizes = {10'000, 100'000, 1'000'000, 10'000'000};
  }
  std::printf("\n%12s %12s %13s %13s\n", "n", "cpu_ms", "pageable_ms", "pinned_ms");
  for (const int n : sizes) {
    std::vector<float> xs(n, 1.0f), ys(n, 2.0f);
    pinned_buffer<float> xs_pinned(n), ys_pinned(n);
    std::fill(xs_pinned.data(), xs_pinned.data() + n, 1.0f);
    std::fill(ys_pinned.data(), ys_pinned.data() + n, 2.0f);
    gpucourse::device_buffer<float> xs_gpu(n), ys_gpu(n);
    const double cpu_ms = median_ms([&] {
      const auto start = std::chrono::steady_clock::now();
      saxpy_on_cpu(n, 2.0f, xs.data(), ys.data());
      return milliseconds_since(start);
    });
    const double pageable_ms = median_ms([&] {
      return copies_and_kernel_ms(n, xs.data(), ys.data(), xs_gpu.data(), ys_gpu.data());
    });
    const double pinned_ms = median_ms([&] {
      return copies_and_kernel_ms(n, xs_pinned.data(), ys_pinned.data(), xs_gpu.data(),
                                  ys_gpu.data());
    });
    std::printf("%12d %12.4f %13.4f %13.4f\n", n, cpu_ms, pageable_ms, pinned_ms);
  }
}
// ANCHOR_END: break_even_run

} // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--break-even") {
    predict_and_measure_break_even();
    return 0;
  }
  const bool pinned_mode = argc > 1 && std::string(argv[1]) == "--pinned";
  const int sizes_argument = pinned_mode ? 2 : 1;
  const std::vector<int> sizes = gpucourse::parse_sizes(
      argc > sizes_argument ? argv[sizes_argument] : "1000,1000000,50000000");
  if (sizes.empty()) {
    std::fprintf(stderr,
                 "usage: %s [--pinned] [n1,n2,...] | --break-even   (vector lengths, > 0)\n",
                 argv[0]);
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
  // A copy from a null host pointer: the runtime refuses it, through its return value and the
  // thread's last error (below). Nothing is thrown or printed.
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
