// SPDX-License-Identifier: MIT
#include "checkapi/paced_schedule.hpp"
#include "checkapi/paced_work.cuh"

#include "cuda_check.cuh"

#include <cmath>

namespace gpucheck {
namespace {

__device__ unsigned long long global_timer_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// One thread: the point is a known time per run, not load. Runs of one batch are on one stream,
// so each sees the deadline its predecessor wrote (a kernel's writes are visible to the next
// kernel on the stream).
__global__ void spin_until_paced(unsigned long long duration_ns, unsigned long long slack_ns,
                                 unsigned long long* deadline) {
  const unsigned long long start = global_timer_ns();
  const unsigned long long until = paced_deadline_ns(start, *deadline, duration_ns, slack_ns);
  unsigned long long now = start;
  while (now < until) {
    now = global_timer_ns();
  }
  *deadline = until;
}

} // namespace

paced_work::paced_work(unsigned long long most_slack_ns)
    : m_deadline(1), m_most_slack_ns(most_slack_ns) {
  CUDA_CHECK(cudaMemset(m_deadline.data(), 0, m_deadline.bytes()));
  CUDA_CHECK(cudaDeviceSynchronize());
}

void paced_work::enqueue(cudaStream_t stream, double duration_ms) {
  const auto duration_ns = static_cast<unsigned long long>(std::llround(duration_ms * 1e6));
  const unsigned long long slack_ns = paced_slack_ns(duration_ns, m_most_slack_ns);
  spin_until_paced<<<1, 1, 0, stream>>>(duration_ns, slack_ns, m_deadline.data());
  CUDA_CHECK_LAUNCH();
  ++m_runs;
}

} // namespace gpucheck
