// SPDX-License-Identifier: MIT
// expect time_warm_and_cold slip times-1000
// Lesson 06: honest benchmarking.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

constexpr double warm_up_ms = 50.0;
constexpr double sample_ms = 1.0;
constexpr int fewest_samples = 20;
constexpr int most_samples = 200;
constexpr double enough_noise = 0.01;
constexpr double most_seconds = 1.5;

double time_runs(const gpu_work& work, cudaStream_t stream, int runs, cudaEvent_t start,
                 cudaEvent_t stop) {
  CUDA_CHECK(cudaEventRecord(start, stream));
  for (int i = 0; i < runs; ++i) {
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}

double at_position(std::vector<double> samples, double fraction) {
  const auto index = static_cast<std::size_t>(fraction * static_cast<double>(samples.size()));
  std::nth_element(samples.begin(), samples.begin() + static_cast<long>(index), samples.end());
  return samples[index];
}

double relative_spread(const std::vector<double>& samples) {
  const double median = at_position(samples, 0.5);
  return (at_position(samples, 0.75) - at_position(samples, 0.25)) / median;
}

} // namespace

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  int batch = 1;
  double warmed_ms = 0;
  double run_ms = 0;
  while (warmed_ms < warm_up_ms) {
    const double batch_ms = time_runs(work, stream, batch, start, stop);
    warmed_ms += batch_ms;
    run_ms = batch_ms / batch;
    if (batch_ms < sample_ms)
      batch *= 2;
  }
  const int runs = std::max(1, static_cast<int>(std::ceil(sample_ms / run_ms)));
  std::vector<double> samples;
  const auto began = std::chrono::steady_clock::now();
  while (static_cast<int>(samples.size()) < most_samples) {
    samples.push_back(time_runs(work, stream, runs, start, stop) / runs);
    if (static_cast<int>(samples.size()) < fewest_samples)
      continue;
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - began;
    if (relative_spread(samples) <= enough_noise || spent.count() > most_seconds)
      break;
  }
  benchmark_result result;
  result.median_ms = at_position(samples, 0.5);
  result.noise = relative_spread(samples);
  result.samples = static_cast<int>(samples.size());
  return result;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  // These reads take tens of microseconds, so I keep the medians in microseconds.
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  std::vector<double> warm_us;
  std::vector<double> cold_us;
  for (int i = 0; i < 10; ++i) {
    read(stream); // untimed: leaves the buffer in the L2
    warm_us.push_back(1000.0 * time_runs(read, stream, 1, start, stop));
  }
  for (int i = 0; i < 10; ++i) {
    flush(stream); // evicts it, outside the events
    cold_us.push_back(1000.0 * time_runs(read, stream, 1, start, stop));
  }
  cache_times times;
  times.warm_ms = at_position(warm_us, 0.5);
  times.cold_ms = at_position(cold_us, 0.5);
  return times;
}
