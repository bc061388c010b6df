// SPDX-License-Identifier: MIT
/// @file time_call.cuh
/// @brief time_call: lesson 01's measurement, provided from lesson 02 on.
#pragma once

#include "cuda_check.cuh"
#include "light_function.cuh"

#include <chrono>
#include <cuda_runtime.h>

namespace gpucourse {

/// The time of one call of `work` on `stream`, in milliseconds: a host clock read just before the
/// call and again once the GPU has finished everything queued (cudaDeviceSynchronize).
///
/// It measures the call alone only when nothing else is queued when it starts: a device-wide sync
/// also waits for older work. Lesson 04 shows that case; time_call leaves it to the caller.
/// @code
/// const double ms = gpucourse::time_call([&](cudaStream_t s) { kernel<<<1, 32, 0, s>>>(); }, s);
/// @endcode
inline double time_call(const light_function<void(cudaStream_t)>& work, cudaStream_t stream) {
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // the call returned when the work was queued, not done
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}

} // namespace gpucourse
