// SPDX-License-Identifier: MIT
// expect pass
// Lesson 07: pinned buffers from cudaHostAlloc; the link timed with a start event that both
// streams wait for and a stop event on each stream (the later stop counts); the round trip in
// 32 chunks over the streams, timed with the host's clock from idle streams to idle streams.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  void* raw = nullptr;
  CUDA_CHECK(cudaHostAlloc(&raw, count * sizeof(std::uint32_t), cudaHostAllocPortable));
  return host_words(static_cast<std::uint32_t*>(raw), free_pinned);
}

namespace {

// One timing of what `queue` puts on streams a and b: both streams wait for a start event on a,
// each records its own stop, and the interval ends at whichever stop completed later.
template <typename Queue> float span_ms(const Queue& queue, cudaStream_t a, cudaStream_t b) {
  gpucourse::cuda_event start, stop_a, stop_b;
  CUDA_CHECK(cudaEventRecord(start, a));
  CUDA_CHECK(cudaStreamWaitEvent(b, start, 0));
  queue();
  CUDA_CHECK(cudaEventRecord(stop_a, a));
  CUDA_CHECK(cudaEventRecord(stop_b, b));
  CUDA_CHECK(cudaEventSynchronize(stop_a));
  CUDA_CHECK(cudaEventSynchronize(stop_b));
  float ms_a = 0, ms_b = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms_a, start, stop_a));
  CUDA_CHECK(cudaEventElapsedTime(&ms_b, start, stop_b));
  return std::max(ms_a, ms_b);
}

template <typename Queue>
double median_of_three_ms(const Queue& queue, cudaStream_t a, cudaStream_t b) {
  float t[3];
  for (float& one : t)
    one = span_ms(queue, a, b);
  std::sort(t, t + 3);
  return static_cast<double>(t[1]);
}

} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  cudaStream_t down = streams[0];
  cudaStream_t up = streams[1];
  host_words source = allocate_host(count);
  host_words sink = allocate_host(count);
  std::memcpy(source.get(), content, bytes);

  auto h2d = [&] {
    CUDA_CHECK(cudaMemcpyAsync(device_in, source.get(), bytes, cudaMemcpyHostToDevice, down));
  };
  auto d2h = [&] {
    CUDA_CHECK(cudaMemcpyAsync(sink.get(), device_out, bytes, cudaMemcpyDeviceToHost, up));
  };
  auto both = [&] {
    h2d();
    d2h();
  };

  // untimed: one copy each way
  both();
  CUDA_CHECK(cudaStreamSynchronize(down));
  CUDA_CHECK(cudaStreamSynchronize(up));

  link_speeds result;
  const double gb = static_cast<double>(bytes) * 1e-9;
  result.to_device_gbps = gb / (median_of_three_ms(h2d, down, up) / 1000.0);
  result.to_host_gbps = gb / (median_of_three_ms(d2h, down, up) / 1000.0);
  result.both_gbps = 2.0 * gb / (median_of_three_ms(both, down, up) / 1000.0);
  return result;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  using clock = std::chrono::steady_clock;
  const std::size_t pieces = 32;
  const std::size_t step = (job.count + pieces - 1) / pieces;

  for (cudaStream_t s : streams) // nothing of ours is still queued before the clock starts
    CUDA_CHECK(cudaStreamSynchronize(s));
  const clock::time_point begin = clock::now();
  std::size_t piece = 0;
  for (std::size_t first = 0; first < job.count; first += step, ++piece) {
    const std::size_t n = std::min(step, job.count - first);
    cudaStream_t s = streams[piece % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }
  for (cudaStream_t s : streams) // every chunk's copy back has ended
    CUDA_CHECK(cudaStreamSynchronize(s));
  const clock::time_point end = clock::now();

  const double seconds = std::chrono::duration<double>(end - begin).count();
  const double moved = 2.0 * static_cast<double>(job.count) * sizeof(std::uint32_t);
  return moved / seconds / 1e9;
}
