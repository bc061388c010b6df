// SPDX-License-Identifier: MIT
// expect pass
// Lesson 06: an honest benchmark, timed on the monotonic host clock. Each sample is a batch of
// at least 2 ms of work between two cudaStreamSynchronize calls, so the host's launch and wake-up
// (tens of microseconds) are around 1% of it. Warm/cold samples use events, as exercise.h asks.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

using steady = std::chrono::steady_clock;

constexpr double kWarmUpMs = 80.0; // the work is cold for up to 40 ms of its runs
constexpr double kBatchMs = 2.0;   // one sample holds at least this much work
constexpr int kMinSamples = 21;    // >= 20, odd
constexpr int kMaxSamples = 150;
constexpr double kQuietEnough = 0.01;  // stop once the middle half is within 1%
constexpr double kBudgetSeconds = 1.2; // and stop anyway after this long

double elapsed_ms(steady::time_point since) {
  return std::chrono::duration<double, std::milli>(steady::now() - since).count();
}

// Host time of `runs` runs queued back to back; the stream is drained before and after.
double batch_ms(const gpu_work& work, cudaStream_t stream, int runs) {
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const steady::time_point t0 = steady::now();
  for (int i = 0; i < runs; ++i)
    work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  return elapsed_ms(t0);
}

struct stats {
  double median;
  double noise;
};

stats summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  const double q1 = v[n / 4];
  const double med = v[n / 2];
  const double q3 = v[(3 * n) / 4];
  return {med, (q3 - q1) / med};
}

} // namespace

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  // Warm-up: doubling batches, until 80 ms have gone by inside them. The host time of a batch
  // is at least the GPU time of its runs, and once batches are long the two nearly agree.
  int runs = 1;
  double warmed = 0.0;
  double per_run = 0.0;
  while (warmed < kWarmUpMs) {
    const double t = batch_ms(work, stream, runs);
    warmed += t;
    per_run = t / runs;
    if (t < kBatchMs)
      runs *= 2;
  }
  runs = std::max(1, static_cast<int>(std::ceil(kBatchMs / per_run)));

  std::vector<double> samples;
  samples.reserve(kMaxSamples);
  const steady::time_point began = steady::now();
  for (;;) {
    samples.push_back(batch_ms(work, stream, runs) / runs);
    const int n = static_cast<int>(samples.size());
    if (n >= kMaxSamples)
      break;
    if (n >= kMinSamples &&
        (summarize(samples).noise <= kQuietEnough || elapsed_ms(began) > 1e3 * kBudgetSeconds))
      break;
  }
  const stats s = summarize(samples);
  benchmark_result result;
  result.median_ms = s.median;
  result.noise = s.noise;
  result.samples = static_cast<int>(samples.size());
  return result;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  // Everything is queued first, with its own pair of events per sample, and read back after
  // one wait at the end (as do_bench does).
  constexpr int kEach = 16;
  std::vector<gpucourse::cuda_event> warm_start(kEach), warm_stop(kEach);
  std::vector<gpucourse::cuda_event> cold_start(kEach), cold_stop(kEach);
  for (int i = 0; i < kEach; ++i) {
    flush(stream); // cold: the buffer evicted from the L2, outside the events
    CUDA_CHECK(cudaEventRecord(cold_start[i], stream));
    read(stream);
    CUDA_CHECK(cudaEventRecord(cold_stop[i], stream));

    read(stream); // warm: an untimed run leaves the buffer in the L2
    CUDA_CHECK(cudaEventRecord(warm_start[i], stream));
    read(stream);
    CUDA_CHECK(cudaEventRecord(warm_stop[i], stream));
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));

  std::vector<double> warm, cold;
  for (int i = 0; i < kEach; ++i) {
    float w = 0.0f;
    float c = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&w, warm_start[i], warm_stop[i]));
    CUDA_CHECK(cudaEventElapsedTime(&c, cold_start[i], cold_stop[i]));
    warm.push_back(w);
    cold.push_back(c);
  }
  cache_times times;
  times.warm_ms = summarize(warm).median;
  times.cold_ms = summarize(cold).median;
  return times;
}
