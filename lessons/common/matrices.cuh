// SPDX-License-Identifier: MIT
/// @file matrices.cuh
/// @brief Square float matrices on the GPU, filled with random values, and their product through
/// cuBLAS: the workload of the article's examples (torch.randn, then a @ b).
#pragma once

#include "cublas_check.cuh"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"

#include <cstdint>

namespace gpucourse {

namespace detail {
// A counter-based generator (a 32-bit integer hash), so that each element is independent and the
// fill runs as one kernel, asynchronously, like torch.randn on a GPU.
static __global__ void fill_uniform_kernel(float* data, std::size_t count, std::uint32_t seed) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += stride) {
    std::uint32_t x = static_cast<std::uint32_t>(i) * 0x9E3779B9u ^ seed;
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    data[i] = static_cast<float>(x) * (2.0f / 4294967296.0f) - 1.0f; // uniform in [-1, 1)
  }
}
} // namespace detail

/// Queues a fill of `count` floats with values uniform in [-1, 1) on `stream`; returns at once.
inline void fill_random(float* data, std::size_t count, std::uint32_t seed,
                        cudaStream_t stream = nullptr) {
  detail::fill_uniform_kernel<<<1024, 256, 0, stream>>>(data, count, seed);
  CUDA_CHECK_LAUNCH();
}

/// An n x n float matrix in GPU memory.
struct square_matrix {
  explicit square_matrix(int size) : n(size), values(static_cast<std::size_t>(size) * size) {}
  int n;
  device_buffer<float> values;
};

/// Queues c = a * b (single precision, through cuBLAS) on `stream`; returns before it has run.
inline void multiply(cublasHandle_t handle, const square_matrix& a, const square_matrix& b,
                     square_matrix& c, cudaStream_t stream = nullptr) {
  const float one = 1.0f;
  const float zero = 0.0f;
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, a.n, a.n, a.n, &one, a.values.data(),
                           a.n, b.values.data(), b.n, &zero, c.values.data(), c.n));
}

} // namespace gpucourse
