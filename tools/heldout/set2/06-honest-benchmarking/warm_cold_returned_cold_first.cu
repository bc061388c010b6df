// SPDX-License-Identifier: MIT
// expect time_warm_and_cold slip swapped
// Lesson 06: estimate one run, warm up in batches until 60 ms of GPU time have passed, then take
// samples of about 1 ms each until 20 or more agree within 1% (or time is up); warm and cold
// reads timed one run each, a warm and a cold sample in every round.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

// GPU time [ms] of `runs` runs of `work` between two events on `stream`. The caller owns the
// events, so nothing is created inside the interval.
double gpu_ms(const gpu_work& work, cudaStream_t stream, int runs, cudaEvent_t first,
              cudaEvent_t last) {
  CUDA_CHECK(cudaEventRecord(first, stream));
  for (int r = 0; r < runs; ++r) {
    work(stream);
  }
  CUDA_CHECK(cudaEventRecord(last, stream));
  CUDA_CHECK(cudaEventSynchronize(last));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, first, last));
  return static_cast<double>(ms);
}

struct summary {
  double median = 0;
  double noise = 0;
};

// Median and (q3 - q1) / median, at the positions exercise.h gives (n / 4, n / 2, 3n / 4).
summary summarize(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  summary s;
  s.median = values[n / 2];
  s.noise = (values[3 * n / 4] - values[n / 4]) / s.median;
  return s;
}

} // namespace

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event first;
  gpucourse::cuda_event last;

  // A first guess at one run, cold; the warm-up batches refine it.
  double per_run_ms = std::max(gpu_ms(work, stream, 1, first, last), 1e-4);
  double warm_up_ms = per_run_ms;
  while (warm_up_ms < 60.0) { // the work is cold for up to 40 ms of its own time
    const int batch = std::max(1, static_cast<int>(2.0 / per_run_ms));
    const double batch_ms = gpu_ms(work, stream, batch, first, last);
    warm_up_ms += batch_ms;
    per_run_ms = std::max(batch_ms / batch, 1e-4);
  }

  // Runs per sample: about a millisecond of work, so the cost of the two events is small.
  const int runs = std::max(1, static_cast<int>(std::ceil(1.0 / per_run_ms)));
  std::vector<double> samples;
  samples.reserve(150);
  const auto began = std::chrono::steady_clock::now();
  for (;;) {
    samples.push_back(gpu_ms(work, stream, runs, first, last) / runs);
    const int n = static_cast<int>(samples.size());
    if (n < 20) {
      continue;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (n >= 150 || seconds > 1.2 || summarize(samples).noise <= 0.01) {
      break;
    }
  }
  const summary s = summarize(samples);
  benchmark_result result;
  result.median_ms = s.median;
  result.noise = s.noise;
  result.samples = static_cast<int>(samples.size());
  return result;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  gpucourse::cuda_event first;
  gpucourse::cuda_event last;
  std::vector<double> warm;
  std::vector<double> cold;
  for (int round = 0; round < 15; ++round) {
    flush(stream); // untimed: evicts the buffer from the L2
    cold.push_back(gpu_ms(read, stream, 1, first, last));
    read(stream); // untimed: leaves it in the L2
    warm.push_back(gpu_ms(read, stream, 1, first, last));
  }
  return cache_times{summarize(cold).median, summarize(warm).median};
}
