// SPDX-License-Identifier: MIT
#include "checkapi/timing_noise.hpp"

#include "checkapi/known_duration_work.cuh"

#include <algorithm>
#include <chrono>
#include <cuda_runtime.h>
#include <vector>

namespace gpucheck {
namespace {

constexpr int sample_count = 7;
constexpr double work_ms = 1.0;

double jitter(std::vector<double> excess_ms) {
  std::sort(excess_ms.begin(), excess_ms.end());
  return excess_ms[excess_ms.size() - 2] - excess_ms.front();
}

timing_noise measure() {
  timing_noise noise;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess ||
      cudaEventCreate(&start) != cudaSuccess || cudaEventCreate(&stop) != cudaSuccess) {
    cudaGetLastError();
    return noise;
  }
  bool ok = true;
  {
    known_duration_work work;
    work.enqueue(stream, 0.01); // load the kernel first
    ok = cudaStreamSynchronize(stream) == cudaSuccess;
    std::vector<double> host_excess;
    std::vector<double> event_excess;
    for (int i = 0; ok && i < sample_count; ++i) {
      const auto host_start = std::chrono::steady_clock::now();
      ok = cudaEventRecord(start, stream) == cudaSuccess;
      work.enqueue(stream, work_ms);
      ok = ok && cudaEventRecord(stop, stream) == cudaSuccess &&
           cudaStreamSynchronize(stream) == cudaSuccess;
      const auto host_stop = std::chrono::steady_clock::now();
      float event_ms = 0;
      ok = ok && cudaEventElapsedTime(&event_ms, start, stop) == cudaSuccess;
      const double truth_ms = work.last_true_ms();
      host_excess.push_back(
          std::chrono::duration<double, std::milli>(host_stop - host_start).count() - truth_ms);
      event_excess.push_back(event_ms - truth_ms);
    }
    if (ok) {
      noise.measured = true;
      noise.samples = sample_count;
      noise.host_jitter_ms = jitter(host_excess);
      noise.event_jitter_ms = jitter(event_excess);
    }
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
  cudaGetLastError();
  return noise;
}

} // namespace

timing_noise measure_noise_now() {
  return measure();
}

const timing_noise& measured_noise() {
  static const timing_noise noise = measure();
  return noise;
}

time_tolerance widen_for_noise(time_tolerance tolerance, const timing_noise& noise,
                               bool event_timer) {
  if (noise.measured) {
    const double jitter_ms = event_timer ? noise.event_jitter_ms : noise.host_jitter_ms;
    tolerance.absolute_ms = std::max(tolerance.absolute_ms, 2.0 * jitter_ms);
  }
  return tolerance;
}

} // namespace gpucheck
