// SPDX-License-Identifier: MIT
/// @file gemm_workload.cuh
/// @brief A square SGEMM with random inputs, ready to be queued on any stream: the article's
/// workload, for checks that time real library calls.
#pragma once

#include "matrices.cuh"

#include <cstdint>
#include <functional>

namespace gpucheck {

/// c = a * b for n x n float matrices through cuBLAS, with its own handle. The inputs are filled
/// (and the fill waited for) on construction, so queuing the work queues the product alone.
struct gemm_workload {
  /// @param size the matrices' n; @param seed the random inputs' seed.
  gemm_workload(int size, std::uint32_t seed) : a(size), b(size), c(size) {
    const std::size_t count = static_cast<std::size_t>(size) * size;
    gpucourse::fill_random(a.values.data(), count, seed);
    gpucourse::fill_random(b.values.data(), count, seed + 1);
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  /// The product as work: calling it queues c = a * b on the given stream and returns at once.
  std::function<void(cudaStream_t)> work() {
    return [this](cudaStream_t stream) { gpucourse::multiply(handle, a, b, c, stream); };
  }
  gpucourse::square_matrix a, b, c;
  gpucourse::cublas_handle handle;
};

} // namespace gpucheck
