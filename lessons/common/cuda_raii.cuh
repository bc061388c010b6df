// SPDX-License-Identifier: MIT
/// @file cuda_raii.cuh
/// @brief Owners for CUDA resources: each is released exactly once, when its owner goes away.
#pragma once

#include "cuda_check.cuh"

#include <cstddef>
#include <utility>

namespace gpucourse {

/// A CUDA event. Converts to cudaEvent_t, so it can be passed to cudaEventRecord and friends.
class cuda_event {
public:
  /// @param flags cudaEventDefault (timing enabled) or e.g. cudaEventDisableTiming.
  explicit cuda_event(unsigned flags = cudaEventDefault) {
    CUDA_CHECK(cudaEventCreateWithFlags(&m_event, flags));
  }
  ~cuda_event() {
    if (m_event != nullptr) {
      cudaEventDestroy(m_event); // no check: destructors must not exit the program
    }
  }
  cuda_event(const cuda_event&) = delete;
  cuda_event& operator=(const cuda_event&) = delete;
  cuda_event(cuda_event&& other) noexcept : m_event(std::exchange(other.m_event, nullptr)) {}
  cuda_event& operator=(cuda_event&& other) noexcept {
    std::swap(m_event, other.m_event);
    return *this;
  }
  operator cudaEvent_t() const { return m_event; }

private:
  cudaEvent_t m_event = nullptr;
};

/// A CUDA stream. Converts to cudaStream_t.
class cuda_stream {
public:
  /// @param flags cudaStreamDefault (ordered with the legacy default stream) or
  ///              cudaStreamNonBlocking (not ordered with it).
  explicit cuda_stream(unsigned flags = cudaStreamDefault) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&m_stream, flags));
  }
  ~cuda_stream() {
    if (m_stream != nullptr) {
      cudaStreamDestroy(m_stream);
    }
  }
  cuda_stream(const cuda_stream&) = delete;
  cuda_stream& operator=(const cuda_stream&) = delete;
  operator cudaStream_t() const { return m_stream; }

private:
  cudaStream_t m_stream = nullptr;
};

/// An array of `count` elements of T in GPU memory (cudaMalloc / cudaFree).
template <typename T> class device_buffer {
public:
  explicit device_buffer(std::size_t count) : m_count(count) {
    CUDA_CHECK(cudaMalloc(&m_data, count * sizeof(T)));
  }
  ~device_buffer() {
    if (m_data != nullptr) {
      cudaFree(m_data);
    }
  }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  T* data() const { return m_data; }
  std::size_t size() const { return m_count; }
  std::size_t bytes() const { return m_count * sizeof(T); }

private:
  T* m_data = nullptr;
  std::size_t m_count = 0;
};

} // namespace gpucourse
