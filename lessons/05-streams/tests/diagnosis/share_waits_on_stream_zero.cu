// SPDX-License-Identifier: MIT
// expect time_share sync-other-stream @45,46
// Lesson 05: streams.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t chunks = 2 * streams.size();
  const std::size_t per_chunk = (job.count + chunks - 1) / chunks;
  for (cudaStream_t s : streams)
    CUDA_CHECK(cudaStreamWaitEvent(s, job.key_ready, 0));
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t first = c * per_chunk;
    if (first >= job.count)
      break;
    const std::size_t n = std::min(per_chunk, job.count - first);
    cudaStream_t s = streams[c % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transform(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }
  for (cudaStream_t s : streams)
    CUDA_CHECK(cudaStreamSynchronize(s));
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  cudaStream_t s = streams[which];
  CUDA_CHECK(cudaStreamSynchronize(s)); // old work on my stream is done before I start
  auto t0 = std::chrono::steady_clock::now();
  work(s);
  // wait on the default stream: I don't want to block on every stream like
  // cudaDeviceSynchronize would
  CUDA_CHECK(cudaStreamSynchronize(0));
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  std::vector<cudaStream_t> streams(4);
  for (cudaStream_t& s : streams)
    CUDA_CHECK(cudaStreamCreateWithFlags(&s, flags));
  const auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < pieces; ++p) {
    piece(streams[p % 4]);
    marker(marker_stream);
  }
  for (cudaStream_t s : streams)
    CUDA_CHECK(cudaStreamSynchronize(s));
  CUDA_CHECK(cudaStreamSynchronize(marker_stream));
  const auto stop = std::chrono::steady_clock::now();
  for (cudaStream_t s : streams)
    CUDA_CHECK(cudaStreamDestroy(s));
  return std::chrono::duration<double, std::milli>(stop - start).count();
}
