// SPDX-License-Identifier: MIT
// Lesson 05's job and functions, shared by exercise.cu (yours), main.cu (the experiment) and
// check.cu. The job's kernel is defined here, so that all three run the same one.
#pragma once

#include "cuda_check.cuh"
#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include <memory>
#include <vector>

// Some GPU work to time. Calling it queues the work on `stream` and returns at once.
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// ANCHOR: job
// A copy-compute-copy job: `count` words go from host_in to device_in, through the kernel into
// device_out, and back to host_out. The kernel of word i reads only word i (and the key), so the
// job can be cut into chunks that run independently.
struct pipeline_job {
  const std::uint32_t* host_in = nullptr; // count words on the host
  std::uint32_t* host_out = nullptr;      // count words on the host: the result goes here
  std::uint32_t* device_in = nullptr;     // count words on the GPU
  std::uint32_t* device_out = nullptr;    // count words on the GPU
  std::size_t count = 0;
  const std::uint32_t* device_key = nullptr; // one word on the GPU, written by earlier work...
  cudaEvent_t key_ready = nullptr; // ...on another stream; recorded there once the key is written
  int rounds = 1;                  // how much arithmetic the kernel does per word
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
__host__ __device__ inline std::uint32_t transform_word(std::uint32_t word, std::uint32_t key,
                                                        int rounds) {
  std::uint32_t x = word ^ key;
  for (int r = 0; r < rounds; ++r) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
  }
  return x;
}

namespace detail {
__global__ static void transform_kernel(const std::uint32_t* in, std::uint32_t* out,
                                        std::size_t count, const std::uint32_t* key, int rounds) {
  const std::uint32_t k = *key;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    out[i] = transform_word(in[i], k, rounds);
  }
}
} // namespace detail

// ANCHOR: launch
// Queues the kernel on `stream` for words [first, first + count) of the job: it reads
// job.device_in and job.device_key, and writes job.device_out. Like every launch it returns at
// once; it does not wait for anything, the key included.
static inline void launch_transform(const pipeline_job& job, std::size_t first, std::size_t count,
                                    cudaStream_t stream) {
  if (count == 0)
    return;
  constexpr unsigned threads = 256;
  const std::size_t blocks = (count + threads - 1) / threads;
  detail::transform_kernel<<<static_cast<unsigned>(blocks < 1048576 ? blocks : 1048576), threads, 0,
                             stream>>>(job.device_in + first, job.device_out + first, count,
                                       job.device_key, job.rounds);
  CUDA_CHECK_LAUNCH();
}
// ANCHOR_END: launch

// ANCHOR: serial
// The serial version, on one stream: the whole copy in, the kernel, the whole copy out; it
// returns once host_out holds the result. It is the baseline the checker times yours against.
inline void run_serial(const pipeline_job& job, cudaStream_t stream) {
  const std::size_t bytes = job.count * sizeof(std::uint32_t);
  CUDA_CHECK(cudaStreamWaitEvent(stream, job.key_ready, 0));
  CUDA_CHECK(cudaMemcpyAsync(job.device_in, job.host_in, bytes, cudaMemcpyHostToDevice, stream));
  launch_transform(job, 0, job.count, stream);
  CUDA_CHECK(cudaMemcpyAsync(job.host_out, job.device_out, bytes, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
}
// ANCHOR_END: serial

// ANCHOR: contract
// Pinned host memory for `count` words, for the job's host_in and host_out (given in exercise.cu).
host_words allocate_host(std::size_t count);

// The job split over `streams` (non-blocking streams, four of them), so that copies and kernels
// of different chunks overlap. It returns once host_out holds the whole result.
void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams);

// How long `work` takes on the GPU [ms], when it is queued on streams[which] while the other
// streams carry long work of their own, which this function must leave running. streams[which]
// itself may still hold earlier work when the function is called: it is not part of the number.
double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which);
// ANCHOR_END: contract

// ANCHOR: join_contract
// The legacy default stream's join, measured [ms]. Creates four streams with `flags`
// (cudaStreamDefault: ordinary, blocking streams; cudaStreamNonBlocking: non-blocking ones) and
// queues `pieces` calls of piece(stream), taking the four streams in turn, each call followed by
// one call of marker(marker_stream). Returns the time from just before the first piece is queued
// until everything it queued has run on the GPU, and destroys its streams before it returns.
// The GPU is idle when it is called.
double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream);
// ANCHOR_END: join_contract
