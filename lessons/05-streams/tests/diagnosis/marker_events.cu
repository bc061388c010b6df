// SPDX-License-Identifier: MIT
// expect time_marked_pieces event-stream-mismatch @73,78
// Issue 42 corpus, the reference but for one slip: the marked pieces timed with events on the
// marker's stream, which forks the pieces to four streams and is joined by none of them unless
// they are ordinary streams and the marker's stream is the legacy one.
// Lesson 05, the rest as the reference: pinned host memory, the job cut into chunks spread over the
// streams (each chunk's three steps on one stream), a stream's share timed with events on that
// stream.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>

host_words allocate_host(std::size_t count) {
  // Pinned (page-locked) memory: the copy engines read and write it directly, so a
  // cudaMemcpyAsync from it is queued and returns, and runs while kernels run.
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  // Two chunks per stream: while one chunk's kernel runs, the next chunk's copy in and the last
  // chunk's copy out can use the two copy engines.
  const std::size_t chunks = 2 * streams.size();
  const std::size_t per_chunk = (job.count + chunks - 1) / chunks;
  for (const cudaStream_t stream : streams) {
    // The key is written on another stream: order every stream after it.
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
    CUDA_CHECK(cudaStreamSynchronize(stream)); // host_out is complete once every stream is done
  }
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  // Events belong to the stream they are recorded on: both go on the stream that carries the
  // work, and the host waits for the stop event alone, not for the other streams.
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
  std::vector<cudaStream_t> streams(4);
  for (cudaStream_t& stream : streams) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream, flags));
  }
  gpucourse::cuda_event start, stop;
  CUDA_CHECK(cudaEventRecord(start, marker_stream));
  for (int p = 0; p < pieces; ++p) {
    piece(streams[static_cast<std::size_t>(p) % streams.size()]);
    marker(marker_stream);
  }
  CUDA_CHECK(cudaEventRecord(stop, marker_stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  for (const cudaStream_t stream : streams) {
    CUDA_CHECK(cudaStreamSynchronize(stream));
    CUDA_CHECK(cudaStreamDestroy(stream));
  }
  return ms;
}
