// SPDX-License-Identifier: MIT
// Lesson 07's job and functions, shared by exercise.cu (yours), main.cu (the experiment) and
// check.cu. The job's kernel is defined here, so that all three run the same one.
#pragma once

#include "cuda_check.cuh"

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include <memory>
#include <vector>

// ANCHOR: job
// A round trip: `count` words go from host_in to device_in, through the kernel into device_out,
// and back to host_out. The kernel of word i reads only word i, so the job can be cut into chunks
// that run independently.
struct transfer_job {
  const std::uint32_t* host_in = nullptr; // count words on the host
  std::uint32_t* host_out = nullptr;      // count words on the host: the result goes here
  std::uint32_t* device_in = nullptr;     // count words on the GPU
  std::uint32_t* device_out = nullptr;    // count words on the GPU
  std::size_t count = 0;
  int rounds = 1; // how much arithmetic the kernel does per word
};
// ANCHOR_END: job

// Host memory for words, with the function that frees it (cudaFreeHost or delete[]).
using host_words = std::unique_ptr<std::uint32_t[], void (*)(std::uint32_t*)>;
inline void free_pinned(std::uint32_t* words) {
  cudaFreeHost(words);
} // no check in a deleter
inline void free_pageable(std::uint32_t* words) {
  delete[] words;
}

// What the kernel computes for one word: the reference the checker compares your bytes with.
__host__ __device__ inline std::uint32_t transform_word(std::uint32_t word, int rounds) {
  std::uint32_t x = word;
  for (int r = 0; r < rounds; ++r) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
  }
  return x;
}

namespace detail {
__global__ static void transfer_kernel(const std::uint32_t* in, std::uint32_t* out,
                                       std::size_t count, int rounds) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    out[i] = transform_word(in[i], rounds);
  }
}
} // namespace detail

// ANCHOR: launch
// Queues the kernel on `stream` for words [first, first + count) of the job: it reads
// job.device_in and writes job.device_out. Like every launch it returns at once.
static inline void launch_transfer_kernel(const transfer_job& job, std::size_t first,
                                          std::size_t count, cudaStream_t stream) {
  if (count == 0)
    return;
  constexpr unsigned threads = 256;
  const std::size_t blocks = (count + threads - 1) / threads;
  detail::transfer_kernel<<<static_cast<unsigned>(blocks < 1048576 ? blocks : 1048576), threads, 0,
                            stream>>>(job.device_in + first, job.device_out + first, count,
                                      job.rounds);
  CUDA_CHECK_LAUNCH();
}
// ANCHOR_END: launch

// ANCHOR: serial
// The serial version, on one stream: the whole copy in, the kernel, the whole copy out; it
// returns once host_out holds the result. With pinned host buffers it is the checker's pinned
// baseline; main.cu also runs it on pageable ones.
inline void run_serial(const transfer_job& job, cudaStream_t stream) {
  const std::size_t bytes = job.count * sizeof(std::uint32_t);
  CUDA_CHECK(cudaMemcpyAsync(job.device_in, job.host_in, bytes, cudaMemcpyHostToDevice, stream));
  launch_transfer_kernel(job, 0, job.count, stream);
  CUDA_CHECK(cudaMemcpyAsync(job.host_out, job.device_out, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
}
// ANCHOR_END: serial

// ANCHOR: contract
// Host memory for `count` words, for the job's host_in and host_out and for measure_link's
// buffers. Which kind is yours to choose. It is called before any copy from it is timed.
host_words allocate_host(std::size_t count);

// The link's speed [GB/s, 1e9 bytes a second] in each direction alone, and in both at once.
struct link_speeds {
  double to_device_gbps = 0; // host to device, alone
  double to_host_gbps = 0;   // device to host, alone
  double both_gbps = 0;      // one copy each way at the same time: the bytes of both copies over
                             // the time from the start of the first to the end of the last
};

// The experiment of the link's peak, on `count` words each way. Two host buffers of `count` words
// from allocate_host: the first filled with the words at `content`, copied to `device_in`; the
// second receives `device_out`. One copy each way first, untimed; then each number is the median
// of three timings of: the copy to the device alone, the copy to the host alone, and the two at
// once, the copy to the device on streams[0] and the copy to the host on streams[1] (non-blocking
// streams). Each timing runs from the start of its first copy to the end of its last. Allocating,
// filling and freeing are outside every timing; it frees what it allocated before it returns.
link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out, const std::vector<cudaStream_t>& streams);

// The round trip, cut into chunks spread over `streams` (non-blocking streams, four of them), so
// that copies and kernels of different chunks overlap. It returns once host_out holds the whole
// result, and returns the bandwidth it achieved [GB/s, 1e9 bytes a second]: every byte it moved
// (to the device and back) over the time from the start of its first copy to the end of its last:
// events that bracket every stream's work, or a host clock read only after all of it has ended.
// Allocate nothing in it: the buffers are the job's.
double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams);
// ANCHOR_END: contract
