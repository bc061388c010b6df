// SPDX-License-Identifier: MIT
// expect time_share unsynced-stop @44
// Lesson 05 - streams
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
  // 8 chunks, 2 per stream; every stream first waits (on the GPU) for the key
  const std::size_t chunks = 8;
  const std::size_t step = (job.count + chunks - 1) / chunks;
  for (auto s : streams)
    CUDA_CHECK(cudaStreamWaitEvent(s, job.key_ready, 0));
  std::size_t i = 0;
  for (std::size_t first = 0; first < job.count; first += step, ++i) {
    const std::size_t n = std::min(step, job.count - first);
    auto s = streams[i % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(&job.device_in[first], &job.host_in[first],
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transform(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(&job.host_out[first], &job.device_out[first],
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }
  for (auto s : streams)
    CUDA_CHECK(cudaStreamSynchronize(s));
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  using clock = std::chrono::steady_clock;
  cudaStream_t stream = streams.at(static_cast<std::size_t>(which));
  // Synchronize only my stream (not the device), so the others keep running
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const clock::time_point t0 = clock::now();
  work(stream);
  const clock::time_point t1 = clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  std::vector<cudaStream_t> streams(4);
  for (auto& s : streams)
    CUDA_CHECK(cudaStreamCreateWithFlags(&s, flags));
  const auto t0 = std::chrono::steady_clock::now();
  for (int p = 0; p < pieces; ++p) {
    piece(streams[static_cast<std::size_t>(p) % streams.size()]);
    marker(marker_stream);
  }
  for (auto s : streams)
    CUDA_CHECK(cudaStreamSynchronize(s));
  CUDA_CHECK(cudaStreamSynchronize(marker_stream));
  const auto t1 = std::chrono::steady_clock::now();
  for (auto s : streams)
    CUDA_CHECK(cudaStreamDestroy(s));
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}
