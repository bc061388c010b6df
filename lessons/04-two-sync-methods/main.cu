// SPDX-License-Identifier: MIT
// The article's example 4 as a program: a warm-up GEMM, then the same GEMM timed by method 1 (a
// host clock and a device-wide sync) and by method 2 (events), both through your exercise.cu.
// Then the same two timings with more work queued before them, which makes the difference between
// the two methods plain. Usage: make run LESSON=4 [ARGS="N"] (default N = 4000).
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

// The article's method 1 exactly as it wrote it: the clock starts while earlier work may still be
// queued, and the device-wide synchronize waits for that work too.
double article_method_1(const gpu_work& work) {
  const auto start = std::chrono::steady_clock::now();
  work(nullptr);
  CUDA_CHECK(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4000;
  if (n <= 0) {
    std::fprintf(stderr, "usage: %s [N]   (N > 0, the matrices' size)\n", argv[0]);
    return 2;
  }
  gpucourse::square_matrix a(n), b(n), c(n);
  const std::size_t count = static_cast<std::size_t>(n) * n;

  // ANCHOR: warm_up
  // Warm-up: the first GEMM pays for the cuBLAS handle and for loading its kernels.
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto t0 = std::chrono::steady_clock::now();
  gpucourse::cublas_handle cublas;
  gpucourse::multiply(cublas, a, b, c);
  CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("[GPU] warm-up time:   %.6fs  (N = %d: handle, first GEMM, synchronized)\n",
              seconds_since(t0), n);
  // ANCHOR_END: warm_up

  // ANCHOR: two_methods
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(cublas, a, b, c, stream); };

  // As in the article, new random inputs are queued just before each timing.
  gpucourse::fill_random(a.values.data(), count, 3);
  gpucourse::fill_random(b.values.data(), count, 4);
  std::printf("[GPU] method 1 time:  %.6fs  (host clock + cudaDeviceSynchronize)\n",
              time_with_device_sync(gemm, nullptr) / 1000.0);

  gpucourse::fill_random(a.values.data(), count, 5);
  gpucourse::fill_random(b.values.data(), count, 6);
  std::printf("[GPU] method 2 time:  %.6fs  (events)\n", time_with_events(gemm, nullptr) / 1000.0);
  // ANCHOR_END: two_methods

  // ANCHOR: more_queued
  // On a fast GPU two random fills take microseconds, so queue something that takes longer: ten
  // GEMMs, still running when each timing starts. The article's method 1, as the article wrote it,
  // runs beside your two functions so that the three numbers can be compared.
  constexpr int queued_gemms = 10;
  const auto queue_gemms = [&] {
    for (int i = 0; i < queued_gemms; ++i) {
      gemm(nullptr);
    }
  };
  queue_gemms();
  const double article_ms = article_method_1(gemm);
  queue_gemms();
  const double method_1_ms = time_with_device_sync(gemm, nullptr);
  queue_gemms();
  const double method_2_ms = time_with_events(gemm, nullptr);
  std::printf("with %d GEMMs queued before each timing:\n", queued_gemms);
  std::printf("[GPU] article's method 1:  %.6fs  (no synchronize before the clock starts)\n",
              article_ms / 1000.0);
  std::printf("[GPU] your method 1:       %.6fs\n[GPU] your method 2:       %.6fs\n",
              method_1_ms / 1000.0, method_2_ms / 1000.0);
  // ANCHOR_END: more_queued
  return 0;
}
