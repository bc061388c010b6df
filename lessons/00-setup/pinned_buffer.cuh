// SPDX-License-Identifier: MIT
// Lesson 00's helper: host memory that is pinned (page-locked), owned like a std::vector.
#pragma once

#include "cuda_check.cuh"

#include <cstddef>
#include <cuda_runtime.h>

namespace gpucourse {

/// `count` elements of T in pinned host memory (cudaMallocHost, freed by cudaFreeHost). The GPU's
/// copy engines read and write it directly; a copy from ordinary (pageable) memory is first staged
/// by the driver through a pinned buffer of its own.
template <typename T> class pinned_buffer {
public:
  explicit pinned_buffer(std::size_t count) : m_count(count) {
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
  std::size_t size() const { return m_count; }
  std::size_t bytes() const { return m_count * sizeof(T); }

private:
  T* m_data = nullptr;
  std::size_t m_count = 0;
};

} // namespace gpucourse
