// SPDX-License-Identifier: MIT
// expect time_share event-stream-mismatch @44,46
// Lesson 05 (streams): overlapped pipeline, one stream's share, and the legacy stream's join.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <time.h>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  const int n_streams = static_cast<int>(streams.size());
  const int n_chunks = 4 * n_streams;
  const std::size_t chunk = job.count / n_chunks + 1;
  for (int i = 0; i < n_streams; ++i)
    CUDA_CHECK(cudaStreamWaitEvent(streams[i], job.key_ready, 0));
  for (int c = 0; c < n_chunks; ++c) {
    const std::size_t off = static_cast<std::size_t>(c) * chunk;
    if (off >= job.count)
      break;
    const std::size_t len = std::min(chunk, job.count - off);
    const std::size_t bytes = len * sizeof(std::uint32_t);
    cudaStream_t st = streams[c % n_streams];
    CUDA_CHECK(
        cudaMemcpyAsync(job.device_in + off, job.host_in + off, bytes, cudaMemcpyHostToDevice, st));
    launch_transform(job, off, len, st);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + off, job.device_out + off, bytes,
                               cudaMemcpyDeviceToHost, st));
  }
  for (int i = 0; i < n_streams; ++i)
    CUDA_CHECK(cudaStreamSynchronize(streams[i]));
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  gpucourse::cuda_event begin;
  gpucourse::cuda_event end;
  CUDA_CHECK(cudaEventRecord(begin));
  work(streams[which]);
  CUDA_CHECK(cudaEventRecord(end));
  CUDA_CHECK(cudaEventSynchronize(end)); // waits for the end event only, not the other streams
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, begin, end));
  return ms;
}

static double wall_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  cudaStream_t st[4];
  for (int i = 0; i < 4; ++i)
    CUDA_CHECK(cudaStreamCreateWithFlags(&st[i], flags));
  const double t0 = wall_ms();
  for (int p = 0; p < pieces; ++p) {
    piece(st[p % 4]);
    marker(marker_stream);
  }
  CUDA_CHECK(cudaStreamSynchronize(marker_stream));
  for (int i = 0; i < 4; ++i)
    CUDA_CHECK(cudaStreamSynchronize(st[i]));
  const double t1 = wall_ms();
  for (int i = 0; i < 4; ++i)
    CUDA_CHECK(cudaStreamDestroy(st[i]));
  return t1 - t0;
}
