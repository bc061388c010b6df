// SPDX-License-Identifier: MIT
// RAII wrappers for events and a scoped timer that prints on destruction; times 50 launches of a
// vector add over 16M floats on the default stream. Events use blocking sync to spare the CPU.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

inline void check(cudaError_t e, const char* file, int line) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s:%d CUDA error %s\n", file, line, cudaGetErrorString(e));
    std::exit(3);
  }
}
#define CHECK(x) check((x), __FILE__, __LINE__)

class Event {
public:
  Event() {
    CHECK(cudaEventCreateWithFlags(&m_event, cudaEventBlockingSync | cudaEventDisableTiming));
  }
  ~Event() { cudaEventDestroy(m_event); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return m_event; }

private:
  cudaEvent_t m_event{};
};

class ScopedGpuTimer {
public:
  ScopedGpuTimer(const char* label, int reps) : m_label(label), m_reps(reps) {
    CHECK(cudaEventRecord(m_start.get(), 0));
  }
  ~ScopedGpuTimer() {
    CHECK(cudaEventRecord(m_stop.get(), 0));
    CHECK(cudaEventSynchronize(m_stop.get()));
    float ms = 0.0f;
    cudaError_t e = cudaEventElapsedTime(&ms, m_start.get(), m_stop.get());
    if (e != cudaSuccess) {
      (void)cudaGetLastError();
      std::printf("%s: no timing (%s)\n", m_label, cudaGetErrorString(e));
    } else {
      std::printf("%s: %.4f ms per launch\n", m_label, ms / m_reps);
    }
  }

private:
  const char* m_label;
  int m_reps;
  Event m_start;
  Event m_stop;
};

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 24;
  const int reps = 50;
  float *a, *b, *c;
  CHECK(cudaFree(0));
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, n * sizeof(float)));
  CHECK(cudaMalloc(&c, n * sizeof(float)));
  CHECK(cudaMemset(a, 0, n * sizeof(float)));
  CHECK(cudaMemset(b, 0, n * sizeof(float)));
  vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  {
    ScopedGpuTimer timer("vadd 16M", reps);
    for (int r = 0; r < reps; ++r)
      vadd<<<(n + 255) / 256, 256>>>(a, b, c, n);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  return 0;
}
