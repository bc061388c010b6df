// SPDX-License-Identifier: MIT
// expect benchmark below-resolution @41,43,46
// Lesson 06 -- honest benchmarking.
// benchmark(): warm up for a fixed GPU time, then many samples, median and IQR/median.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <vector>

static double quantile(std::vector<double> xs, double f) {
  std::sort(xs.begin(), xs.end());
  return xs[static_cast<std::size_t>(f * static_cast<double>(xs.size()))];
}

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;

  // Warm-up: run the work untimed until 50 ms of it has run on the GPU (it stays cold for 40).
  float warmed_ms = 0.0f;
  int chunk = 1;
  while (warmed_ms < 50.0f) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int i = 0; i < chunk; ++i)
      work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    warmed_ms += ms;
    chunk = std::min(chunk * 2, 4096);
  }

  // Samples: each one run between two events, so one sample is exactly one run's time.
  std::vector<double> samples;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (samples.size() < 200) {
    CUDA_CHECK(cudaEventRecord(start, stream));
    work(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    samples.push_back(ms);
    if (samples.size() < 20)
      continue;
    const double spread =
        (quantile(samples, 0.75) - quantile(samples, 0.25)) / quantile(samples, 0.5);
    if (spread <= 0.01 || std::chrono::steady_clock::now() > deadline)
      break;
  }

  benchmark_result result;
  result.median_ms = quantile(samples, 0.5);
  result.noise = (quantile(samples, 0.75) - quantile(samples, 0.25)) / result.median_ms;
  result.samples = static_cast<int>(samples.size());
  return result;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  auto one = [&]() {
    CUDA_CHECK(cudaEventRecord(start, stream));
    read(stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return static_cast<double>(ms);
  };
  std::vector<double> warm_ms, cold_ms;
  for (int i = 0; i < 12; ++i) {
    read(stream);
    warm_ms.push_back(one());
    flush(stream);
    cold_ms.push_back(one());
  }
  cache_times times;
  times.warm_ms = quantile(warm_ms, 0.5);
  times.cold_ms = quantile(cold_ms, 0.5);
  return times;
}
