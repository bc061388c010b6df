// SPDX-License-Identifier: MIT
// Lesson 04: the two ways to synchronize, and what each one waits for.
//
// The first three functions below measure how long `work` takes on the GPU, in milliseconds: that
// work alone, not whatever else was queued before it, and not just the time to queue it.
//   1. time_with_device_sync: a host clock (std::chrono) and cudaDeviceSynchronize().
//   2. time_with_events: two CUDA events recorded on `stream`, the stream that carries the work.
//   3. time_with_stream_sync: a host clock again, while other streams are busy with work of their
//      own that your function must not wait for.
//   4. time_short_work: work of a few microseconds, timed within 2%; it returns an interval and
//      the number of runs of the work that the interval holds.
//   5. measure_stale_queue: the article's mistake made on purpose, and the same timing without it.
// The checker calls the first three while other work is still queued on the GPU (the fourth on
// an idle stream), and compares what they return with what the GPU really spent. Run
// `make check LESSON=4` to see how you are doing, and
// `make hint LESSON=4` when you are stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: device_sync
double time_with_device_sync(const gpu_work& work, cudaStream_t stream) {
  // TODO: this is the article's method 1, exactly as the article wrote it. Run the check and read
  // what it says about the number it returns, then fix it (one line is missing).
  const auto start = std::chrono::steady_clock::now();
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize()); // wait until the GPU has finished everything queued
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
// ANCHOR_END: device_sync

// ANCHOR: events
double time_with_events(const gpu_work& work, cudaStream_t stream) {
  // TODO: time `work` with two events (gpucourse::cuda_event, from cuda_raii.cuh):
  //   - record the first on `stream` just before the work (cudaEventRecord),
  //   - record the second on `stream` just after it,
  //   - wait for the second one to happen on the GPU (cudaEventSynchronize),
  //   - return the time between them (cudaEventElapsedTime gives milliseconds, as a float).
  work(stream);
  return 0.0;
}
// ANCHOR_END: events

// ANCHOR: stream_sync
double time_with_stream_sync(const gpu_work& work, cudaStream_t stream) {
  // TODO: method 1 again, with a host clock, in a program that uses several streams. When your
  // function is called, another stream is still running a long piece of work that has nothing to
  // do with yours, and `stream` itself may still hold earlier work. Return the time of `work`
  // alone, and return while that other stream is still busy: wait for nothing but `stream`.
  work(stream);
  return 0.0;
}
// ANCHOR_END: stream_sync

// ANCHOR: short_work
batch_time time_short_work(const gpu_work& work, cudaStream_t stream) {
  // TODO: here one run of `work` takes only 5 to 10 microseconds, and the time per run must come
  // out within 2% of the truth: 100 to 200 nanoseconds. Any one timing adds more than that to
  // what it holds (the check says how much). Return one interval, timed as you like, and how many
  // runs of the work it holds: the checker divides the first by the second.
  work(stream);
  return {0.0, 1};
}
// ANCHOR_END: short_work

// ANCHOR: stale_queue
stale_queue_times measure_stale_queue(const gpu_work& earlier, const gpu_work& work,
                                      cudaStream_t stream) {
  // TODO: produce what the article's method 1 reads with earlier work still queued (exercise.h).
  // Queue earlier(stream) and, without waiting for it, time work(stream) with a host clock and
  // cudaDeviceSynchronize(): that is queued_ms. Then queue earlier(stream) again, and time
  // work(stream) once it has run: that is emptied_ms. This queues all four and times nothing.
  earlier(stream);
  work(stream);
  earlier(stream);
  work(stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  return {0.0, 0.0};
}
// ANCHOR_END: stale_queue
