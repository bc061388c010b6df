// SPDX-License-Identifier: MIT
// Lesson 07: transfers. Move a large buffer to the GPU, run a kernel over it and bring the result
// back, as fast as the link allows, and report the bandwidth you achieved.
//   1. allocate_host and measure_link: host memory, and the experiment that measures the link
//      with it: each direction alone, and both at once on two streams.
//   2. round_trip_gbps: the round trip cut into chunks over the streams you are given; it
//      returns the bandwidth in GB/s.
// Run `make check LESSON=7` to see how you are doing, and `make hint LESSON=7` when you are
// stuck. lesson.md explains everything used here.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

// ANCHOR: allocate_host
host_words allocate_host(std::size_t count) {
  // TODO: this is ordinary (pageable) memory. Read what lesson.md says about copies from it.
  return host_words(new std::uint32_t[count], free_pageable);
}
// ANCHOR_END: allocate_host

// ANCHOR: measure_link
link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  link_speeds speeds;
  // TODO: the experiment, as exercise.h describes it:
  //   - two host buffers from allocate_host, the first filled from `content`;
  //   - one untimed copy each way;
  //   - three timings of each case: to the device alone, to the host alone, and both at once on
  //     two streams, each timing bracketing every copy it counts;
  //   - the median of each case, as a bandwidth that counts every byte its copies moved.
  (void)content;
  (void)count;
  (void)device_in;
  (void)device_out;
  (void)streams;
  return speeds;
}
// ANCHOR_END: measure_link

// ANCHOR: round_trip_gbps
double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  // TODO: this runs the whole round trip on the first stream, one step after the other, and
  // times it with the host's clock. Cut it into chunks over `streams` (per chunk: a copy in,
  // launch_transfer_kernel(job, first, count, stream), a copy out; exercise.h), time it with
  // events that bracket all of the chunks' work, and count every byte that crossed the link.
  const auto start = std::chrono::steady_clock::now();
  run_serial(job, streams.front());
  const auto stop = std::chrono::steady_clock::now();
  const double ms = std::chrono::duration<double, std::milli>(stop - start).count();
  const double bytes = static_cast<double>(job.count * sizeof(std::uint32_t));
  return bytes / (ms * 1e-3) / 1e9;
}
// ANCHOR_END: round_trip_gbps
