// SPDX-License-Identifier: MIT
// Lesson 08's work and functions, shared by exercise.cu (yours), main.cu (the experiment) and
// check.cu. The step kernel and the naive loop are defined here, so that all three run the same.
#pragma once

#include "cuda_check.cuh"
#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>
#include <utility>

// ANCHOR: step
// One step of the work on one integer: x * 3 + step, modulo 2^32. Integers are exact, and every
// step and every starting value shows in the result (3 is odd, so no step forgets what came
// before): a kernel that leaves out an integer or a step gives other bytes.
__host__ __device__ inline unsigned step_value(unsigned x, int step) {
  return x * 3u + static_cast<unsigned>(step);
}

namespace detail {
// One step on every one of the `count` integers: a tiny kernel (one multiply and one add a thread).
__global__ static void step_kernel(unsigned* data, int count, int step) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    data[i] = step_value(data[i], step);
  }
}
} // namespace detail

// The naive loop: `steps` launches of the step kernel on `stream`, steps 0 .. steps - 1, each
// seeing what the one before left. It queues them and returns at once.
inline void run_naive(unsigned* data, int count, int steps, cudaStream_t stream) {
  constexpr int threads = 256;
  const int blocks = (count + threads - 1) / threads;
  for (int step = 0; step < steps; ++step) {
    detail::step_kernel<<<blocks, threads, 0, stream>>>(data, count, step);
    CUDA_CHECK_LAUNCH();
  }
}
// ANCHOR_END: step

// ANCHOR: graph_owner
// The owner of an executable CUDA graph (cudaGraphExec_t): it destroys it exactly once. Empty
// (nullptr) until a graph is given to it.
class cuda_graph_exec {
public:
  cuda_graph_exec() = default;
  explicit cuda_graph_exec(cudaGraphExec_t exec) : m_exec(exec) {}
  ~cuda_graph_exec() {
    if (m_exec != nullptr) {
      cudaGraphExecDestroy(m_exec); // no check: a destructor must not end the program
    }
  }
  cuda_graph_exec(const cuda_graph_exec&) = delete;
  cuda_graph_exec& operator=(const cuda_graph_exec&) = delete;
  cuda_graph_exec(cuda_graph_exec&& other) noexcept
      : m_exec(std::exchange(other.m_exec, nullptr)) {}
  cuda_graph_exec& operator=(cuda_graph_exec&& other) noexcept {
    std::swap(m_exec, other.m_exec);
    return *this;
  }
  operator cudaGraphExec_t() const { return m_exec; }

private:
  cudaGraphExec_t m_exec = nullptr;
};
// ANCHOR_END: graph_owner

// Some GPU work: each call queues one iteration of it on `stream` and returns at once.
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// ANCHOR: contract
// (a) The same result as run_naive(data, count, steps, stream), byte for byte, in one launch:
// one kernel whose threads each do every step of their integers, in order. It queues the work on
// `stream` and returns at once.
void run_batched(unsigned* data, int count, int steps, cudaStream_t stream);

// (b) run_naive's `steps` launches on `data`, captured once from `stream` into a CUDA graph and
// instantiated. It leaves `data` as it was: the steps run only when the graph is replayed, so do
// not run them yourself (no warm-up). `stream` is a stream the caller created (never the legacy
// default stream, 0, on which a capture cannot begin).
cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream);

// (b) One run of the captured loop on `stream`: one graph launch. It returns at once, and the
// graph can be replayed as often as the caller likes.
void replay(const cuda_graph_exec& graph, cudaStream_t stream);

// (c) [ms] How long `iterations` iterations of `work`, queued back to back on `stream`, take on
// the GPU, from the start of the first to the end of the last. Time the loop once, around all of
// its iterations; do not time each iteration and sum. Call `work` exactly `iterations` times,
// with no warm-up runs of your own: the checker counts the runs.
double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream);

// (d) [ms] The GPU's time of one run of `work` with no launch call in it, in the manner of
// Triton's do_bench_cudagraph (which averages ten timed replays): `runs` calls of `work` captured
// from `stream` into one CUDA graph (call `work` there only, exactly `runs` times: the checker
// counts them and sees the capture), the graph instantiated and launched once untimed (its first
// launch uploads it), then one more launch of it timed with events on `stream`, that time divided
// by `runs`.
double time_graph_run_ms(const gpu_work& work, int runs, cudaStream_t stream);
// ANCHOR_END: contract
