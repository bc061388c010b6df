// SPDX-License-Identifier: MIT
// expect time_with_events event-order @26
// lesson 4 - two sync methods
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

using clk = std::chrono::steady_clock;
using ms_t = std::chrono::duration<double, std::milli>;

double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // <- the missing line: empty the queue first
  auto t0 = clk::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  auto t1 = clk::now();
  return ms_t(t1 - t0).count();
}

double time_with_events(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event ev_start, ev_stop;
  // put both markers in the stream, then the work, then wait for the stop marker
  CUDA_CHECK(cudaEventRecord(ev_start, stream));
  CUDA_CHECK(cudaEventRecord(ev_stop, stream));
  work(stream);
  CUDA_CHECK(cudaEventSynchronize(ev_stop));
  float t = 0.f;
  CUDA_CHECK(cudaEventElapsedTime(&t, ev_start, ev_stop));
  return t;
}

double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  CUDA_CHECK(cudaStreamSynchronize(stream));
  auto t0 = clk::now();
  work(stream);
  CUDA_CHECK(cudaStreamSynchronize(stream));
  auto t1 = clk::now();
  return ms_t(t1 - t0).count();
}

batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  batch_time b;
  b.runs = 1500;
  gpucourse::cuda_event a, z;
  CUDA_CHECK(cudaEventRecord(a, stream));
  for (int k = 0; k < b.runs; k++)
    work(stream);
  CUDA_CHECK(cudaEventRecord(z, stream));
  CUDA_CHECK(cudaEventSynchronize(z));
  float t = 0.f;
  CUDA_CHECK(cudaEventElapsedTime(&t, a, z));
  b.total_ms = t;
  return b;
}

stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  stale_queue_times r;
  earlier(stream);
  auto t0 = clk::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  r.queued_ms = ms_t(clk::now() - t0).count();

  earlier(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  t0 = clk::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  r.emptied_ms = ms_t(clk::now() - t0).count();
  return r;
}
