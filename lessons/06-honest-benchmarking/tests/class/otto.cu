// SPDX-License-Identifier: MIT
// Wrong (time_warm_and_cold): one flush, then twenty "cold" samples, each one run between two
// events; after the first, each run finds the buffer the run before it left in the L2. Its
// benchmark() is correct (bianca's: steady_clock around batches of 2 ms).
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cuda_runtime.h>
#include <vector>

using clk = std::chrono::steady_clock;

static double host_ms(const gpu_work& work, cudaStream_t s, int runs) {
  cudaStreamSynchronize(s);
  auto start = clk::now();
  for (int i = 0; i < runs; ++i)
    work(s);
  cudaStreamSynchronize(s);
  return std::chrono::duration<double, std::milli>(clk::now() - start).count();
}

benchmark_result benchmark(const gpu_work& work, cudaStream_t stream) {
  double warmed = 0, one = 0;
  int runs = 1;
  while (warmed < 100.0) {
    const double t = host_ms(work, stream, runs);
    warmed += t;
    one = t / runs;
    if (t < 2.0)
      runs *= 2;
  }
  runs = 1;
  while (runs * one < 2.0)
    runs *= 2;
  std::vector<double> t;
  for (int i = 0; i < 30; ++i)
    t.push_back(host_ms(work, stream, runs) / runs);
  std::sort(t.begin(), t.end());
  benchmark_result r;
  r.median_ms = t[t.size() / 2];
  r.noise = (t[3 * t.size() / 4] - t[t.size() / 4]) / r.median_ms;
  r.samples = (int)t.size();
  return r;
}

static double one_run_ms(const gpu_work& read, cudaStream_t stream, cudaEvent_t a, cudaEvent_t b) {
  cudaEventRecord(a, stream);
  read(stream);
  cudaEventRecord(b, stream);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  return ms;
}

cache_times time_warm_and_cold(const gpu_work& read, const gpu_work& flush, cudaStream_t stream) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<double> warm, cold;
  read(stream); // warm-up
  for (int i = 0; i < 20; ++i)
    warm.push_back(one_run_ms(read, stream, a, b));
  flush(stream); // the L2 flushed once: only the first cold sample is cold
  for (int i = 0; i < 20; ++i)
    cold.push_back(one_run_ms(read, stream, a, b));
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(warm.begin(), warm.end());
  std::sort(cold.begin(), cold.end());
  return {warm[warm.size() / 2], cold[cold.size() / 2]};
}
