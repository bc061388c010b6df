// SPDX-License-Identifier: MIT
// Lesson 08's functions, shared by exercise.cu (yours), main.cu (the experiment) and check.cu.
// DRAFT: not yet built by CMake nor checked; see PLAN.md.
#pragma once

#include "cuda_check.cuh"

#include <cuda_runtime.h>
#include <functional>
#include <utility>

// ANCHOR: contract
// One step of the work: every one of the `count` integers becomes data[i] * 3 + step (modulo 2^32).
// A step is tiny (a few microseconds on the GPU at most), so a loop of many steps is a loop of many
// launches. The result depends on the order of the steps: step s must see the integers step s - 1
// left.
__global__ void step_kernel(unsigned* data, int count, int step);

// Given: the naive loop. Queues `steps` launches of step_kernel on `stream`, steps 0 .. steps - 1,
// and returns at once.
void run_naive(unsigned* data, int count, int steps, cudaStream_t stream);

// (a) Yours: the same result as run_naive, byte for byte, in fewer launches (one kernel whose
// threads do all the steps of their integers). Queues the work on `stream` and returns at once.
void run_batched(unsigned* data, int count, int steps, cudaStream_t stream);

// Owners of a CUDA graph and of its executable form (each destroyed exactly once).
class cuda_graph_exec {
public:
  cuda_graph_exec() = default;
  explicit cuda_graph_exec(cudaGraphExec_t exec) : m_exec(exec) {}
  ~cuda_graph_exec() {
    if (m_exec != nullptr) {
      cudaGraphExecDestroy(m_exec); // no check: destructors must not exit the program
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

// (b) Yours: the naive loop (run_naive's `steps` launches on `data`) captured once from `stream`
// into a CUDA graph and instantiated. `stream` must not be the legacy default stream (0): a
// capture on it fails. Nothing runs on the GPU during the capture.
cuda_graph_exec capture_naive(unsigned* data, int count, int steps, cudaStream_t stream);

// (b) Yours: queues one run of the captured loop on `stream` (one graph launch) and returns at
// once.
void replay(const cuda_graph_exec& graph, cudaStream_t stream);

// Some GPU work: each call queues one iteration of it on `stream` and returns at once.
using gpu_work = std::function<void(cudaStream_t stream)>;

// (c) Yours: [ms] how long `iterations` iterations of `work`, queued back to back on `stream`,
// take on the GPU from the start of the first to the end of the last. Time the loop once, around
// all the iterations; do not time each and sum.
double time_loop_ms(const gpu_work& work, int iterations, cudaStream_t stream);
// ANCHOR_END: contract
