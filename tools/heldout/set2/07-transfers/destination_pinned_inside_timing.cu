// SPDX-License-Identifier: MIT
// expect measure_link setup-in-region @73,15
// Lesson 07: pinned buffers; the link's three cases each timed three times with events on
// streams[0], streams[1] joined in; the round trip in 16 chunks over the streams.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <cstring>
#include <vector>

host_words allocate_host(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

namespace {

struct two_stream_timer {
  gpucourse::cuda_event start, stop;
  gpucourse::cuda_event fork{cudaEventDisableTiming}, join{cudaEventDisableTiming};
  cudaStream_t main_stream, side_stream;

  two_stream_timer(cudaStream_t a, cudaStream_t b) : main_stream(a), side_stream(b) {}

  void begin() {
    CUDA_CHECK(cudaEventRecord(start, main_stream));
    CUDA_CHECK(cudaEventRecord(fork, main_stream));
    CUDA_CHECK(cudaStreamWaitEvent(side_stream, fork, 0));
  }
  float end() {
    CUDA_CHECK(cudaEventRecord(join, side_stream));
    CUDA_CHECK(cudaStreamWaitEvent(main_stream, join, 0));
    CUDA_CHECK(cudaEventRecord(stop, main_stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  }
};

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return static_cast<double>(v[v.size() / 2]);
}

} // namespace

link_speeds measure_link(const std::uint32_t* content, std::size_t count, std::uint32_t* device_in,
                         const std::uint32_t* device_out,
                         const std::vector<cudaStream_t>& streams) {
  const std::size_t bytes = count * sizeof(std::uint32_t);
  host_words src = allocate_host(count);
  host_words dst = allocate_host(count);
  std::memcpy(src.get(), content, bytes);

  // one copy each way that is not timed
  CUDA_CHECK(cudaMemcpyAsync(device_in, src.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
  CUDA_CHECK(cudaMemcpyAsync(dst.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
  CUDA_CHECK(cudaDeviceSynchronize());

  two_stream_timer timer(streams[0], streams[1]);
  std::vector<float> up, down, both;
  for (int i = 0; i < 3; ++i) {
    timer.begin();
    CUDA_CHECK(cudaMemcpyAsync(device_in, src.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
    up.push_back(timer.end());
  }
  for (int i = 0; i < 3; ++i) {
    timer.begin();
    host_words landing = allocate_host(count);
    CUDA_CHECK(
        cudaMemcpyAsync(landing.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
    down.push_back(timer.end());
  }
  for (int i = 0; i < 3; ++i) {
    timer.begin();
    CUDA_CHECK(cudaMemcpyAsync(device_in, src.get(), bytes, cudaMemcpyHostToDevice, streams[0]));
    CUDA_CHECK(cudaMemcpyAsync(dst.get(), device_out, bytes, cudaMemcpyDeviceToHost, streams[1]));
    both.push_back(timer.end());
  }

  const double gigabytes = static_cast<double>(bytes) / 1e9;
  link_speeds speeds;
  speeds.to_device_gbps = gigabytes / (median(up) * 1e-3);
  speeds.to_host_gbps = gigabytes / (median(down) * 1e-3);
  speeds.both_gbps = 2.0 * gigabytes / (median(both) * 1e-3);
  return speeds;
}

double round_trip_gbps(const transfer_job& job, const std::vector<cudaStream_t>& streams) {
  const std::size_t num_chunks = 16;
  const std::size_t chunk = (job.count + num_chunks - 1) / num_chunks;
  gpucourse::cuda_event start, stop, fork{cudaEventDisableTiming};
  std::vector<gpucourse::cuda_event> joins(streams.size());

  CUDA_CHECK(cudaEventRecord(start, streams[0]));
  CUDA_CHECK(cudaEventRecord(fork, streams[0]));
  for (std::size_t s = 1; s < streams.size(); ++s)
    CUDA_CHECK(cudaStreamWaitEvent(streams[s], fork, 0));

  for (std::size_t c = 0; c < num_chunks; ++c) {
    const std::size_t first = c * chunk;
    if (first >= job.count)
      break;
    const std::size_t n = std::min(chunk, job.count - first);
    cudaStream_t s = streams[c % streams.size()];
    CUDA_CHECK(cudaMemcpyAsync(job.device_in + first, job.host_in + first,
                               n * sizeof(std::uint32_t), cudaMemcpyHostToDevice, s));
    launch_transfer_kernel(job, first, n, s);
    CUDA_CHECK(cudaMemcpyAsync(job.host_out + first, job.device_out + first,
                               n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost, s));
  }

  for (std::size_t s = 1; s < streams.size(); ++s) {
    CUDA_CHECK(cudaEventRecord(joins[s], streams[s]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], joins[s], 0));
  }
  CUDA_CHECK(cudaEventRecord(stop, streams[0]));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  const double total_bytes = 2.0 * job.count * sizeof(std::uint32_t); // there and back
  return total_bytes / (ms / 1000.0) / 1e9;
}
