// SPDX-License-Identifier: MIT
// Lesson 07's experiment (make run LESSON=7): pageable copies both ways, and the pinned link each
// way and both ways at once by your measure_link; when a pageable cudaMemcpy returns against when
// its copy ends; and a round trip serial on one stream against your round_trip_gbps. The optional
// argument is the buffer's size in MiB (default 256).
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

host_words pinned_words(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

// ANCHOR: copy_rate
// [GB/s] The median of five copies of `bytes` on the legacy default stream, timed with events
// there, after one copy as warm-up.
double copy_gbps(void* to, const void* from, std::size_t bytes, cudaMemcpyKind kind) {
  gpucourse::cuda_event start, stop;
  std::vector<double> rates;
  CUDA_CHECK(cudaMemcpy(to, from, bytes, kind));
  for (int i = 0; i < 5; ++i) {
    CUDA_CHECK(cudaEventRecord(start, cudaStreamLegacy));
    CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, cudaStreamLegacy));
    CUDA_CHECK(cudaEventRecord(stop, cudaStreamLegacy));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    rates.push_back(static_cast<double>(bytes) / (ms * 1e-3) / 1e9);
  }
  std::sort(rates.begin(), rates.end());
  return rates[rates.size() / 2];
}
// ANCHOR_END: copy_rate

// ANCHOR: returns_early
// One pageable host-to-device cudaMemcpy of `bytes`: when it returned (the host's clock) and when
// its copy ended (an event recorded after it on the same stream), both from one start.
void when_it_returns(const std::uint32_t* pageable, std::uint32_t* device, std::size_t bytes) {
  gpucourse::cuda_event start, stop;
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaEventRecord(start, cudaStreamLegacy));
  CUDA_CHECK(cudaEventSynchronize(start));
  const auto host_start = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaMemcpy(device, pageable, bytes, cudaMemcpyHostToDevice));
  const auto host_return = std::chrono::steady_clock::now();
  CUDA_CHECK(cudaEventRecord(stop, cudaStreamLegacy));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float copy_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&copy_ms, start, stop));
  const double return_ms =
      std::chrono::duration<double, std::milli>(host_return - host_start).count();
  std::printf("pageable cudaMemcpy of %8zu bytes: returned after %8.3f ms, an event queued after "
              "it completed after %8.3f ms\n",
              bytes, return_ms, static_cast<double>(copy_ms));
}
// ANCHOR_END: returns_early

} // namespace

int main(int argc, char** argv) {
  const std::size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 256;
  const std::size_t count = std::max<std::size_t>(mib, 1) << 18; // words: 2^18 per MiB
  const std::size_t bytes = count * sizeof(std::uint32_t);
  gpucourse::device_buffer<std::uint32_t> device_in(count), device_out(count);
  std::vector<std::uint32_t> pageable_in(count, 1u), pageable_out(count, 0u);
  host_words pinned_in = pinned_words(count), pinned_out = pinned_words(count);
  std::memcpy(pinned_in.get(), pageable_in.data(), bytes);

  std::printf("buffer: %zu MiB (%zu bytes)\n", bytes >> 20, bytes);
  std::printf("pageable, to the device: %6.1f GB/s\n",
              copy_gbps(device_in.data(), pageable_in.data(), bytes, cudaMemcpyHostToDevice));
  std::printf("pageable, to the host:   %6.1f GB/s\n",
              copy_gbps(pageable_out.data(), device_out.data(), bytes, cudaMemcpyDeviceToHost));
  std::vector<std::unique_ptr<gpucourse::cuda_stream>> owned;
  std::vector<cudaStream_t> streams;
  for (int i = 0; i < 4; ++i) {
    owned.push_back(std::make_unique<gpucourse::cuda_stream>(cudaStreamNonBlocking));
    streams.push_back(*owned.back());
  }
  const link_speeds link =
      measure_link(pinned_in.get(), count, device_in.data(), device_out.data(), streams);
  std::printf("pinned, to the device:   %6.1f GB/s\n", link.to_device_gbps);
  std::printf("pinned, to the host:     %6.1f GB/s\n", link.to_host_gbps);
  std::printf("pinned, both at once:    %6.1f GB/s\n\n", link.both_gbps);

  for (const std::size_t small :
       {std::size_t{4096}, std::size_t{65536}, std::size_t{1} << 20, bytes})
    when_it_returns(pageable_in.data(), device_in.data(), std::min(small, bytes));

  transfer_job job;
  job.host_in = pinned_in.get();
  job.host_out = pinned_out.get();
  job.device_in = device_in.data();
  job.device_out = device_out.data();
  job.count = count;
  job.rounds = 256;
  host_words student_in = allocate_host(count), student_out = allocate_host(count);
  std::memcpy(student_in.get(), pinned_in.get(), bytes);
  transfer_job students = job;
  students.host_in = student_in.get();
  students.host_out = student_out.get();

  // ANCHOR: serial_against_overlapped
  gpucourse::cuda_event start, stop;
  run_serial(job, streams[0]); // warm-up
  std::vector<double> serial_gbps, yours_gbps;
  for (int i = 0; i < 5; ++i) {
    CUDA_CHECK(cudaEventRecord(start, streams[0]));
    run_serial(job, streams[0]);
    CUDA_CHECK(cudaEventRecord(stop, streams[0]));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    serial_gbps.push_back(2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9);
    yours_gbps.push_back(round_trip_gbps(students, streams));
  }
  // ANCHOR_END: serial_against_overlapped
  std::sort(serial_gbps.begin(), serial_gbps.end());
  std::sort(yours_gbps.begin(), yours_gbps.end());
  std::printf("\nround trip, %d rounds per word: serial on one stream %6.1f GB/s, "
              "round_trip_gbps %6.1f GB/s (medians of five)\n",
              job.rounds, serial_gbps[2], yours_gbps[2]);
  return 0;
}
