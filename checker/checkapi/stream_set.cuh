// SPDX-License-Identifier: MIT
/// @file stream_set.cuh
/// @brief Several streams owned together, handed to a student's function as the vector of
/// handles it takes.
#pragma once

#include "cuda_raii.cuh"

#include <cstddef>
#include <memory>
#include <vector>

namespace gpucheck {

/// `count` streams created in order with `flags` (non-blocking by default: work on them is not
/// ordered with the legacy default stream), destroyed with the set.
class stream_set {
public:
  explicit stream_set(int count, unsigned flags = cudaStreamNonBlocking) {
    for (int i = 0; i < count; ++i) {
      m_owned.push_back(std::make_unique<gpucourse::cuda_stream>(flags));
      m_handles.push_back(*m_owned.back());
    }
  }
  const std::vector<cudaStream_t>& handles() const { return m_handles; }
  cudaStream_t operator[](std::size_t i) const { return m_handles[i]; }
  int size() const { return static_cast<int>(m_handles.size()); }

private:
  std::vector<std::unique_ptr<gpucourse::cuda_stream>> m_owned;
  std::vector<cudaStream_t> m_handles;
};

} // namespace gpucheck
