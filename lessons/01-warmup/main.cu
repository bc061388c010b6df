// SPDX-License-Identifier: MIT
// The article's example 1 as a program, with the cold start taken apart by your time_start_up:
// starting CUDA, creating the context, creating the cuBLAS handle. Then the first GEMM and the
// second, each timed with your time_call (until the GPU has finished it) and, inside, your
// time_until_return (until the call returned).
// Usage: make run LESSON=1 [ARGS="N"] (default N = 4000). Try CUDA_MODULE_LOADING=EAGER too.
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"

#include <cstdio>
#include <cstdlib>
#include <memory>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4000;
  if (n <= 1) {
    std::fprintf(stderr, "usage: %s [N]   (N > 1, the matrices' size)\n", argv[0]);
    return 2;
  }
  const char* loading = std::getenv("CUDA_MODULE_LOADING");
  std::printf("CUDA_MODULE_LOADING=%s\n", loading != nullptr ? loading : "(unset: lazy)");

  // ANCHOR: cold_start
  std::unique_ptr<gpucourse::cublas_handle> cublas;
  const start_up_steps steps{
      [] {
        int device_count = 0;
        CUDA_CHECK(cudaGetDeviceCount(&device_count)); // the first CUDA call starts the driver
      },
      [] { CUDA_CHECK(cudaFree(nullptr)); }, // frees nothing, but needs a context: creates one
      [&] { cublas = std::make_unique<gpucourse::cublas_handle>(); }};
  const start_up_times start = time_start_up(steps);
  std::printf("[GPU] driver start-up:   %.6fs  (cudaGetDeviceCount)\n", start.driver_ms / 1000.0);
  std::printf("[GPU] context creation:  %.6fs  (cudaFree(nullptr))\n", start.context_ms / 1000.0);
  std::printf("[GPU] cuBLAS handle:     %.6fs  (cublasCreate)\n", start.handle_ms / 1000.0);
  // ANCHOR_END: cold_start

  gpucourse::square_matrix a(n), b(n), c(n);
  const std::size_t count = static_cast<std::size_t>(n) * n;
  gpucourse::fill_random(a.values.data(), count, 1);
  gpucourse::fill_random(b.values.data(), count, 2);
  CUDA_CHECK(cudaDeviceSynchronize());

  // ANCHOR: two_gemms
  const gpu_work gemm = [&](cudaStream_t stream) { gpucourse::multiply(*cublas, a, b, c, stream); };
  for (const char* which : {"first GEMM: ", "second GEMM:"}) {
    // One call timed both ways at once: time_call around it, time_until_return inside.
    double returned_ms = 0.0;
    const double finished_ms = time_call(
        [&](cudaStream_t stream) { returned_ms = time_until_return(gemm, stream); }, nullptr);
    std::printf("[GPU] %s       %.6fs  (N = %d, time_call: until the GPU finished)\n", which,
                finished_ms / 1000.0, n);
    std::printf("[GPU]   of which, until the call returned: %.6fs  (time_until_return)\n",
                returned_ms / 1000.0);
  }
  // ANCHOR_END: two_gemms
  return 0;
}
