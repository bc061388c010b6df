// SPDX-License-Identifier: MIT
// expect benchmark slip one-run-more
// Lesson 06: an honest benchmark (warm-up by time, batches of ~1 ms, median and noise figure).
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

struct event_pair {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  float read() {
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  }
};

double nth_sorted(std::vector<double> v, std::size_t k) {
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

double iqr_over_median(const std::vector<double>& v) {
  const std::size_t n = v.size();
  return (nth_sorted(v, 3 * n / 4) - nth_sorted(v, n / 4)) / nth_sorted(v, n / 2);
}

} // namespace

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  event_pair ev;

  // 1. warm-up, 60 ms of GPU time in doubling batches
  int batch = 1;
  double total = 0;
  double per_run = 0;
  while (total < 60.0) {
    CUDA_CHECK(cudaEventRecord(ev.start, stream));
    for (int i = 0; i < batch; ++i)
      work(stream);
    CUDA_CHECK(cudaEventRecord(ev.stop, stream));
    const double t = ev.read();
    total += t;
    per_run = t / batch;
    if (t < 1.0)
      batch *= 2;
  }

  // 2. samples of about 1 ms each
  const int runs = std::max(1, static_cast<int>(std::lround(1.0 / per_run)));
  std::vector<double> samples;
  const auto begin = std::chrono::steady_clock::now();
  for (;;) {
    CUDA_CHECK(cudaEventRecord(ev.start, stream));
    for (int i = 0; i <= runs; ++i)
      work(stream);
    CUDA_CHECK(cudaEventRecord(ev.stop, stream));
    samples.push_back(ev.read() / runs);
    if (samples.size() < 20)
      continue;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (iqr_over_median(samples) <= 0.01 || samples.size() >= 200 || secs > 1.5)
      break;
  }

  // 3. statistics
  benchmark_result out;
  out.median_ms = nth_sorted(samples, samples.size() / 2);
  out.noise = iqr_over_median(samples);
  out.samples = static_cast<int>(samples.size());
  return out;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  event_pair ev;
  std::vector<double> warm;
  std::vector<double> cold;
  for (int i = 0; i < 20; ++i) {
    const bool is_cold = (i % 2 == 0);
    if (is_cold)
      flush(stream);
    else
      read(stream);
    CUDA_CHECK(cudaEventRecord(ev.start, stream));
    read(stream);
    CUDA_CHECK(cudaEventRecord(ev.stop, stream));
    (is_cold ? cold : warm).push_back(ev.read());
  }
  cache_times out;
  out.warm_ms = nth_sorted(warm, warm.size() / 2);
  out.cold_ms = nth_sorted(cold, cold.size() / 2);
  return out;
}
