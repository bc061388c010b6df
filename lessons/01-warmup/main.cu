// SPDX-License-Identifier: MIT
// The article's example 1 as a program, with the cold start taken apart: starting CUDA, creating
// the context, creating the cuBLAS handle, then two GEMMs timed with your time_call, the first of
// them cold. Last, your warm_up at a size not run before, then one timed GEMM of that size.
// Usage: make run LESSON=1 [ARGS="N"] (default N = 4000). Try CUDA_MODULE_LOADING=EAGER too.
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4000;
  if (n <= 1) {
    std::fprintf(stderr, "usage: %s [N]   (N > 1, the matrices' size)\n", argv[0]);
    return 2;
  }
  const char* loading = std::getenv("CUDA_MODULE_LOADING");
  std::printf("CUDA_MODULE_LOADING=%s\n", loading != nullptr ? loading : "(unset: lazy)");

  // ANCHOR: cold_start
  auto t0 = std::chrono::steady_clock::now();
  int device_count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&device_count)); // the first CUDA call starts the driver
  std::printf("[GPU] driver start-up:   %.6fs  (cudaGetDeviceCount)\n", seconds_since(t0));

  t0 = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaFree(nullptr)); // does nothing, but needs a context, so it creates one
  std::printf("[GPU] context creation:  %.6fs  (cudaFree(nullptr))\n", seconds_since(t0));

  gpucourse::square_matrix a(n), b(n), c(n);
  const std::size_t count = static_cast<std::size_t>(n) * n;
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  CUDA_CHECK(cudaDeviceSynchronize());

  t0 = std::chrono::steady_clock::now();
  auto cublas = std::make_unique<gpucourse::cublas_handle>();
  std::printf("[GPU] cuBLAS handle:     %.6fs  (cublasCreate)\n", seconds_since(t0));
  // ANCHOR_END: cold_start

  // ANCHOR: two_gemms
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(*cublas, a, b, c, stream); };
  std::printf("[GPU] first GEMM:        %.6fs  (N = %d, time_call)\n",
              time_call(gemm, nullptr) / 1000.0, n);
  std::printf("[GPU] second GEMM:       %.6fs  (N = %d, time_call)\n",
              time_call(gemm, nullptr) / 1000.0, n);
  // ANCHOR_END: two_gemms

  // ANCHOR: warm_up_other_size
  const int m = n / 2 + 1; // a size cuBLAS has not run yet
  gpucourse::square_matrix d(m), e(m), f(m);
  gpucourse::fill_random(d.values.data(), static_cast<std::size_t>(m) * m, 3);
  gpucourse::fill_random(e.values.data(), static_cast<std::size_t>(m) * m, 4);
  const gpu_work other_gemm = [&](cudaStream_t stream) {
    gpucourse::multiply(*cublas, d, e, f, stream);
  };
  warm_up(other_gemm, nullptr);
  std::printf("[GPU] GEMM after warm_up: %.6fs  (N = %d, first timed call of this size)\n",
              time_call(other_gemm, nullptr) / 1000.0, m);
  // ANCHOR_END: warm_up_other_size
  return 0;
}
