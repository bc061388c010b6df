// SPDX-License-Identifier: MIT
// expect pass
// Lesson 07: pinned memory from cudaHostAlloc; the link timed with the host's steady clock between
// idle streams; the round trip in chunks over the streams, timed from one start event to the
// latest of the streams' own stop events.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  void* memory = nullptr;
  CUDA_CHECK(cudaHostAlloc(&memory, count * sizeof(std::uint32_t), cudaHostAllocDefault));
  return host_words(static_cast<std::uint32_t*>(memory), free_pinned);
}

namespace {

using wall_clock = std::chrono::steady_clock;

void wait_for(const std::vector<cudaStream_t>& streams, std::size_t how_many) {
  for (std::size_t s = 0; s < how_many; ++s)
    CUDA_CHECK(cudaStreamSynchronize(streams[s]));
}

// [ms] The middle one of three wall-clock timings of `queue`, each started with the first two
// streams idle and stopped once both have finished.
template <typename Queue>
double middle_of_three_ms(const Queue& queue, const std::vector<cudaStream_t>& streams) {
  double ms[3];
  for (double& one : ms) {
    wait_for(streams, 2);
    const auto begin = wall_clock::now();
    queue();
    wait_for(streams, 2);
    const auto end = wall_clock::now();
    one = std::chrono::duration<double, std::milli>(end - begin).count();
  }
  std::sort(ms, ms + 3);
  return ms[1];
}

} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words source = allocate_host(count);
  host_words sink = allocate_host(count);
  std::memcpy(source.get(), content, bytes);

  auto upload = [&] {
    CUDA_CHECK(
        cudaMemcpyAsync(device_in, source.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
  };
  auto download = [&] {
    CUDA_CHECK(
        cudaMemcpyAsync(sink.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  };
  auto both_ways = [&] {
    upload();
    download();
  };

  // untimed: one copy each way
  both_ways();
  wait_for(streams, 2);

  const double one_way_bytes = static_cast<double>(bytes);
  link_speeds speeds;
  speeds.to_device_gbps = one_way_bytes / (middle_of_three_ms(upload, streams) / 1e3) / 1e9;
  speeds.to_host_gbps = one_way_bytes / (middle_of_three_ms(download, streams) / 1e3) / 1e9;
  speeds.both_gbps = 2 * one_way_bytes / (middle_of_three_ms(both_ways, streams) / 1e3) / 1e9;
  return speeds;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t n_streams = streams.size();
  const std::size_t pieces = 8 * n_streams;
  const std::size_t piece_words = (job.count + pieces - 1) / pieces;

  gpucourse::cuda_event start, go{cudaEventDisableTiming};
  std::vector<gpucourse::cuda_event> finished(n_streams);

  CUDA_CHECK(cudaEventRecord(start, streams[0]));
  CUDA_CHECK(cudaEventRecord(go, streams[0]));
  for (std::size_t s = 1; s < n_streams; ++s)
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], go, 0));

  std::size_t piece = 0;
  for (std::size_t first = 0; first < job.count; first += piece_words, ++piece) {
    const std::size_t words = std::min(piece_words, job.count - first);
    const std::size_t piece_bytes = words * sizeof(std::uint32_t);
    cudaStream_t s = streams[piece % n_streams];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first, piece_bytes,
                               cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, first, words, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first, piece_bytes,
                               cudaMemcpyDeviceToHost, s));
  }

  // Each stream gets its own stop; the round trip ends with the latest of them.
  for (std::size_t s = 0; s < n_streams; ++s)
    CUDA_CHECK(cudaEventRecord(finished[s], streams[s]));
  float longest_ms = 0;
  for (std::size_t s = 0; s < n_streams; ++s) {
    CUDA_CHECK(cudaEventSynchronize(finished[s]));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, finished[s]));
    longest_ms = std::max(longest_ms, ms);
  }

  const double moved = 2.0 * static_cast<double>(job.count) * sizeof(std::uint32_t);
  return moved / (static_cast<double>(longest_ms) / 1e3) / 1e9;
}
