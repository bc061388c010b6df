// SPDX-License-Identifier: MIT
// expect benchmark slip percent-for-fraction
// Lesson 06: honest benchmarking. Warm-up by time, ~1 ms batches, median + IQR noise.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

double gpu_ms(const gpu_work& work, cudaStream_t stream, int runs, cudaEvent_t a, cudaEvent_t b) {
  CUDA_CHECK(cudaEventRecord(a, stream));
  for (int i = 0; i < runs; ++i)
    work(stream);
  CUDA_CHECK(cudaEventRecord(b, stream));
  CUDA_CHECK(cudaEventSynchronize(b));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

double sorted_at(std::vector<double> v, std::size_t i) {
  std::sort(v.begin(), v.end());
  return v[i];
}

} // namespace

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event a;
  gpucourse::cuda_event b;

  // warm-up: 50 ms of GPU time, batches doubling up to ~1 ms
  int batch = 1;
  double warm = 0.0;
  double one_run = 0.0;
  while (warm < 50.0) {
    const double t = gpu_ms(work, stream, batch, a, b);
    warm += t;
    one_run = t / batch;
    if (t < 1.0)
      batch *= 2;
  }
  const int runs = std::max(1, static_cast<int>(std::ceil(1.0 / one_run)));

  std::vector<double> samples;
  const auto t0 = std::chrono::steady_clock::now();
  double noise = 0.0;
  while (true) {
    samples.push_back(gpu_ms(work, stream, runs, a, b) / runs);
    const std::size_t n = samples.size();
    if (n < 20)
      continue;
    const double med = sorted_at(samples, n / 2);
    // spread of the middle half, in percent of the median
    noise = 100.0 * (sorted_at(samples, 3 * n / 4) - sorted_at(samples, n / 4)) / med;
    const double spent_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (noise <= 1.0 || n >= 200 || spent_s > 1.5)
      break;
  }
  benchmark_result r;
  r.samples = static_cast<int>(samples.size());
  r.median_ms = sorted_at(samples, samples.size() / 2);
  r.noise = noise;
  return r;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  gpucourse::cuda_event a;
  gpucourse::cuda_event b;
  std::vector<double> warm;
  std::vector<double> cold;
  for (int i = 0; i < 15; ++i) {
    flush(stream);
    cold.push_back(gpu_ms(read, stream, 1, a, b));
    read(stream); // untimed: puts the buffer in the L2
    warm.push_back(gpu_ms(read, stream, 1, a, b));
  }
  cache_times t;
  t.warm_ms = sorted_at(warm, warm.size() / 2);
  t.cold_ms = sorted_at(cold, cold.size() / 2);
  return t;
}
