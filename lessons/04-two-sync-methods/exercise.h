// SPDX-License-Identifier: MIT
// Lesson 04's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>

// Some GPU work to time. Calling it queues the work on `stream` and returns, usually before the
// GPU has run it (a first call can spend long on the host first: lesson 01; a launch into a full
// queue waits: lesson 03).
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

double time_with_device_sync(const gpu_work& work, cudaStream_t stream); // [ms]
double time_with_events(const gpu_work& work, cudaStream_t stream);      // [ms]
double time_with_stream_sync(const gpu_work& work, cudaStream_t stream); // [ms]

// What time_short_work measured: one interval holding `runs` runs of the work.
struct batch_time {
  double total_ms = 0; // [ms] the whole interval
  int runs = 0;        // how many runs of the work it holds
};
batch_time time_short_work(const gpu_work& work, cudaStream_t stream);

// ANCHOR: stale_contract
// What measure_stale_queue measured: method 1 (a host clock and cudaDeviceSynchronize()) around
// the same work twice, with earlier work still queued and with that queue emptied first.
struct stale_queue_times {
  double queued_ms = 0;  // [ms] the clock started right after earlier(stream), without a wait
  double emptied_ms = 0; // [ms] the clock started once earlier(stream) had run
};
// Makes four calls, in this order: earlier(stream), work(stream), earlier(stream), work(stream),
// and times each work(stream) with method 1: the first while the earlier work is still queued,
// the second after a wait for it. The GPU is idle when it is called.
stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream);
// ANCHOR_END: stale_contract
