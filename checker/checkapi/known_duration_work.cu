// SPDX-License-Identifier: MIT
#include "checkapi/known_duration_work.cuh"

#include "cuda_check.cuh"

#include <array>
#include <cmath>

namespace gpucheck {
namespace {

__device__ unsigned long long global_timer_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// One thread spins until the time is up. One block is enough: the point is a known duration, not
// load, and a single block leaves the rest of the GPU free for work that runs beside it.
__global__ void spin_for(unsigned long long duration_ns, unsigned long long* stamps) {
  const unsigned long long start = global_timer_ns();
  unsigned long long now = start;
  while (now - start < duration_ns) {
    now = global_timer_ns();
  }
  stamps[0] = start;
  stamps[1] = now;
}

} // namespace

known_duration_work::known_duration_work() : m_stamps(2) {
  CUDA_CHECK(cudaMemset(m_stamps.data(), 0, m_stamps.bytes()));
}

void known_duration_work::enqueue(cudaStream_t stream, double duration_ms) {
  const auto duration_ns = static_cast<unsigned long long>(std::llround(duration_ms * 1e6));
  spin_for<<<1, 1, 0, stream>>>(duration_ns, m_stamps.data());
  CUDA_CHECK_LAUNCH();
  ++m_runs;
}

void known_duration_work::last_span_ns(std::uint64_t& start_ns, std::uint64_t& end_ns) const {
  CUDA_CHECK(cudaDeviceSynchronize());
  std::array<unsigned long long, 2> stamps{};
  CUDA_CHECK(cudaMemcpy(stamps.data(), m_stamps.data(), m_stamps.bytes(), cudaMemcpyDeviceToHost));
  start_ns = stamps[0];
  end_ns = stamps[1];
}

gpu_span known_duration_work::last_span() const {
  gpu_span span;
  last_span_ns(span.start_ns, span.end_ns);
  return span;
}

double known_duration_work::last_true_ms() const {
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  last_span_ns(start_ns, end_ns);
  return static_cast<double>(end_ns - start_ns) * 1e-6;
}

double known_duration_work::true_ms_since(int runs_before, double planned_ms) const {
  return m_runs > runs_before ? last_true_ms() : planned_ms;
}

} // namespace gpucheck
