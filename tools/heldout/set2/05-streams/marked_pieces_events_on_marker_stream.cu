// SPDX-License-Identifier: MIT
// expect time_marked_pieces event-stream-mismatch @72,77
// Lesson 05: the job in twelve chunks over the streams, each stream ordered after the key just
// before its first kernel; a stream's share timed on the host with waits on that stream alone;
// and the marked pieces timed until the whole device is idle again.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <chrono>

host_words allocate_host(std::size_t count) {
  // Page-locked memory, so that cudaMemcpyAsync can run beside the kernels.
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&words), count * sizeof(std::uint32_t),
                           cudaHostAllocDefault));
  return host_words(words, free_pinned);
}

void run_overlapped(const pipeline_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t stream_count = streams.size();
  const std::size_t chunk_count = 3 * stream_count;
  const std::size_t chunk_words = (job.count + chunk_count - 1) / chunk_count;
  std::vector<bool> waits_for_key(stream_count, false);
  for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
    const std::size_t first = chunk * chunk_words;
    if (first >= job.count) {
      break;
    }
    const std::size_t words = job.count - first < chunk_words ? job.count - first : chunk_words;
    const std::size_t bytes = words * sizeof(std::uint32_t);
    const std::size_t s = chunk % stream_count;
    cudaStream_t stream = streams[s];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first, bytes,
                               cudaMemcpyHostToDevice, stream));
    if (!waits_for_key[s]) {
      // The copy in may run before the key is written; the kernel may not.
      CUDA_CHECK(cudaStreamWaitEvent(stream, job.key_ready, 0));
      waits_for_key[s] = true;
    }
    launch_transform(job, first, words, stream);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first, bytes,
                               cudaMemcpyDeviceToHost, stream));
  }
  // Everything is queued: now wait for each stream.
  for (std::size_t s = 0; s < stream_count; ++s) {
    CUDA_CHECK(cudaStreamSynchronize(streams[s]));
  }
}

double time_share(const gpu_work& work, const std::vector<cudaStream_t>& streams, int which) {
  // Lesson 04's time_with_stream_sync on streams[which]: the other streams are never waited for.
  cudaStream_t mine = streams[which];
  CUDA_CHECK(cudaStreamSynchronize(mine)); // its earlier work is not part of the number
  const auto t0 = std::chrono::steady_clock::now();
  work(mine);
  CUDA_CHECK(cudaStreamSynchronize(mine));
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(t1 - t0).count();
}

double time_marked_pieces(const gpu_work& piece, int pieces, unsigned flags, const gpu_work& marker,
                          cudaStream_t marker_stream) {
  float elapsed_ms = 0.0f;
  {
    // Created before the first event, destroyed when this block ends, after the last one.
    gpucourse::cuda_stream own[4] = {gpucourse::cuda_stream(flags), gpucourse::cuda_stream(flags),
                                     gpucourse::cuda_stream(flags), gpucourse::cuda_stream(flags)};
    gpucourse::cuda_event start;
    gpucourse::cuda_event stop;
    // The markers come after every piece, so events on the marker's stream enclose all of it.
    CUDA_CHECK(cudaEventRecord(start, marker_stream));
    for (int p = 0; p < pieces; ++p) {
      piece(own[p % 4]);
      marker(marker_stream);
    }
    CUDA_CHECK(cudaEventRecord(stop, marker_stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
    CUDA_CHECK(cudaDeviceSynchronize()); // the streams must be idle before they are destroyed
  }
  return static_cast<double>(elapsed_ms);
}
