// SPDX-License-Identifier: MIT
// expect time_warm_and_cold slip times-1000
// Issue 42 corpus, the reference but for one slip: the warm and cold medians in microseconds.
// Lesson 06: the reference solution. A warm-up by time, samples of at least 1 ms timed with
// events on the work's stream, and a stopping rule on the noise, as nvbench stops its cold
// measurements (lesson.md, "Stop when the noise allows").
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace {

// ANCHOR: settings
constexpr double warm_up_ms = 50.0;   // longer than the work can stay cold (exercise.h: 40 ms)
constexpr double sample_ms = 1.0;     // a sample holds at least this much work
constexpr int fewest_samples = 20;    // exercise.h asks for 20 at least
constexpr int most_samples = 200;     // where the noise never settles
constexpr double enough_noise = 0.01; // stop once the samples vary by less than 1%
constexpr double most_seconds = 1.5;  // and stop anyway after this long
// ANCHOR_END: settings

// ANCHOR: time_runs
// The GPU time [ms] of `runs` runs of `work` queued back to back on `stream`, between two events
// recorded on that stream. The events are created once, by the caller: creating them here would
// be setup inside the timed region.
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
// ANCHOR_END: time_runs

// The sample at position floor(fraction x n) of the samples sorted (exercise.h).
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

// ANCHOR: benchmark
benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  // Warm-up: batches that double until one lasts a sample's length, for warm_up_ms in all. The
  // last batch tells how long one run takes.
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
  // Samples until there are enough and they agree, or until the time is up.
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
// ANCHOR_END: benchmark

// ANCHOR: warm_and_cold
namespace {

constexpr int cache_samples = 20; // of each kind; exercise.h asks for 10 at least

// One run of `read` between two events on `stream` [ms]. Whatever `before` queues runs first,
// outside the timed region.
double time_one_run(const gpu_work& read, const gpu_work& before, cudaStream_t stream,
                    cudaEvent_t start, cudaEvent_t stop) {
  before(stream);
  return time_runs(read, stream, 1, start, stop);
}

} // namespace

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  std::vector<double> warm_ms;
  std::vector<double> cold_ms;
  // Alternated, so that a change of clocks or a neighbour during the call touches both alike.
  for (int i = 0; i < cache_samples; ++i) {
    cold_ms.push_back(time_one_run(read, flush, stream, start, stop));
    warm_ms.push_back(time_one_run(read, read, stream, start, stop)); // after an untimed run
  }
  cache_times times;
  times.warm_ms = 1000.0 * at_position(warm_ms, 0.5); // microseconds
  times.cold_ms = 1000.0 * at_position(cold_ms, 0.5); // microseconds
  return times;
}
// ANCHOR_END: warm_and_cold
