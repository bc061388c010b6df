// SPDX-License-Identifier: MIT
// Lesson 06's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>

// Some GPU work to time. Calling it queues one run of the work on `stream` and returns at once,
// before the GPU has run it.
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// ANCHOR: contract
// What benchmark() measured.
struct benchmark_result {
  // [ms] The median time of one warm run of the work: the middle of the samples, sorted.
  double median_ms = 0;
  // The relative spread of the samples: (q3 - q1) / median, where, with the n samples sorted
  // from the shortest, q1 is the one at position n / 4 and q3 the one at 3 * n / 4 (positions
  // from 0, rounded down), and the median the one at n / 2. A fraction: 0.05 is 5%.
  double noise = 0;
  // How many samples the median and the noise are of. Take at least 20: the noise check's
  // tolerance is set for the quartiles of 20 samples, and fewer samples spread more.
  int samples = 0;
};

// Benchmarks `work`: how long one run takes on the GPU once the work is warm, and how much that
// time varies from one sample to the next. Each call of work(stream) queues one run on `stream`.
// One warm run lasts from 5 us to 50 ms; where runs last 2 ms or more, up to a fifth of them
// are slow outliers, several times as long. A sample is the time of one run; where one run is too
// short to time alone, the time of a batch of runs divided by their number. The work is cold at
// first: its runs are up to 3 times slower until they have run for up to 40 ms on the GPU in all.
// Return within about 2 seconds, outliers included: the checks call it up to 24 times, and
// gpucheck stops a run at 60 s.
benchmark_result benchmark(const gpu_work& work, cudaStream_t stream);
// ANCHOR_END: contract

// ANCHOR: cache_contract
// One run of memory-bound work, timed with its data in the L2 cache and without.
struct cache_times {
  double warm_ms = 0; // [ms] the median of the warm samples
  double cold_ms = 0; // [ms] the median of the cold samples
};

// Times one run of `read`, work that reads a buffer small enough to stay in the L2 cache, warm and
// cold, both the same way: a sample is one call of read(stream) between two events recorded on
// `stream`. A warm sample follows a run of read that was not timed, which left the buffer in the
// L2. A cold sample follows a call of flush(stream), which evicts the buffer from the L2; the
// flush is outside the timed region. Take at least 10 samples of each, queue everything on
// `stream`, and return the two medians.
cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream);
// ANCHOR_END: cache_contract
