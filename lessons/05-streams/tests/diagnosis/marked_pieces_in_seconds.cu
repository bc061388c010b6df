// SPDX-License-Identifier: MIT
// expect time_marked_pieces slip over-1000
// Lesson 05: streams -- copies and kernels of different chunks overlap.
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
  for (const cudaStream_t stream : streams) {
    CUDA_CHECK(cudaStreamWaitEvent(stream, job.key_ready, 0));
  }
  for (std::size_t c = 0; c < chunks; ++c) {
    const std::size_t first = c * per_chunk;
    if (first >= job.count)
      break;
    const std::size_t count = std::min(per_chunk, job.count - first);
    const std::size_t bytes = count * sizeof(std::uint32_t);
    const cudaStream_t stream = streams[c % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first, bytes,
                               cudaMemcpyHostToDevice, stream));
    launch_transform(job, first, count, stream);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first, bytes,
                               cudaMemcpyDeviceToHost, stream));
  }
  for (const cudaStream_t stream : streams) {
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  const cudaStream_t stream = streams[which];
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  cudaStream_t streams[4];
  for (int i = 0; i < 4; ++i) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&streams[i], flags)); // setup, not timed
  }
  const auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < pieces; ++p) {
    piece(streams[p % 4]);
    marker(marker_stream);
  }
  // pieces are on four streams, markers on a fifth: wait for all five
  for (int i = 0; i < 4; ++i) {
    CUDA_CHECK(cudaStreamSynchronize(streams[i]));
  }
  CUDA_CHECK(cudaStreamSynchronize(marker_stream));
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  for (int i = 0; i < 4; ++i) {
    CUDA_CHECK(cudaStreamDestroy(streams[i]));
  }
  return elapsed.count();
}
