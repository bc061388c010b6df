// SPDX-License-Identifier: MIT
// Lesson 05: streams. Split a copy-compute-copy job over several streams so that copies and
// kernels of different chunks overlap, and time one stream's share of the work.
//   1. allocate_host: host memory for the job's input and output.
//   2. run_overlapped: the job cut into chunks, spread over the streams you are given. It must
//      give the same bytes as run_serial (exercise.h), in clearly less time.
//   3. time_share: the time of work on one stream while the other streams are busy.
// Run `make check LESSON=5` to see how you are doing, and `make hint LESSON=5` when you are
// stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: allocate_host
host_words allocate_host(std::size_t count) {
  // TODO: this is ordinary (pageable) memory. Read what lesson.md says about copies from it,
  // and choose the memory that lets a copy overlap with a kernel.
  return host_words(new std::uint32_t[count], free_pageable);
}
// ANCHOR_END: allocate_host

// ANCHOR: run_overlapped
void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  // TODO: this runs the whole job on the first stream, one step after the other. Cut it into
  // chunks, give each chunk its copy in, its kernel and its copy out on one of `streams`, and
  // return only when every chunk is back in job.host_out. Mind job.key_ready: the key is
  // written on another stream, and nothing orders your streams after it unless you say so.
  run_serial(job, streams.front());
}
// ANCHOR_END: run_overlapped

// ANCHOR: time_share
double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  // TODO: return how long `work` takes on the GPU when it runs on streams[which], in
  // milliseconds. The other streams are busy with long work: your number must not include it,
  // and your function must not wait for it.
  work(streams[which]);
  return 0.0;
}
// ANCHOR_END: time_share
