// SPDX-License-Identifier: MIT
// Lesson 06: an honest benchmark.
//
// benchmark(work, stream) returns how long one warm run of `work` takes on the GPU (a median of
// samples) and how much the samples vary (the noise figure), as exercise.h defines them. The
// checker gives it work whose true length it knows run by run: from 5 us to 50 ms, cold at first,
// sometimes with slow outliers, sometimes varying from run to run. time_warm_and_cold(read,
// flush, stream) times one run of a memory-bound read with its data in the L2 and without, as
// exercise.h defines it: the checker reads the read's own clock. Run `make check LESSON=6` to
// see how you are doing, and `make hint LESSON=6` when you are stuck. lesson.md explains
// everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <vector>

// ANCHOR: benchmark
benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  // TODO: this times one run, once, with two events: lesson 04's method, and no benchmark yet.
  // Run the check and read what it says about the median, then make it honest:
  //   - warm the work up before the first sample (exercise.h says for how long it is cold);
  //   - where one run is short, time a batch of runs per sample (about 1 ms of work) and divide;
  //   - take at least 20 samples; return their median and their noise figure, as exercise.h
  //     defines them, within about 2 seconds a call.
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  benchmark_result result;
  result.median_ms = elapsed_ms;
  result.noise = 0.0; // TODO: the relative spread of the samples
  result.samples = 1;
  return result;
}
// ANCHOR_END: benchmark

// ANCHOR: warm_and_cold
cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  // TODO: this times one run, once, and calls it warm and cold: no flush, no samples. Make it
  // the experiment exercise.h describes:
  //   - a cold sample: flush the L2 first, then time one run of read between two events;
  //   - a warm sample: one run of read after another run that was not timed;
  //   - at least 10 of each; return the two medians.
  (void)flush;
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  read(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  cache_times times;
  times.warm_ms = elapsed_ms;
  times.cold_ms = elapsed_ms;
  return times;
}
// ANCHOR_END: warm_and_cold
