// SPDX-License-Identifier: MIT
// A small GpuTimer class (events on a stream) times a reduction of 32M floats followed by a
// 20 ms post-processing kernel, on a stream created with cudaStreamCreate.
#include <cstdio>
#include <cuda_runtime.h>
#include <stdexcept>
#include <string>

namespace {

void throw_on_error(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

class GpuTimer {
public:
  explicit GpuTimer(cudaStream_t stream) : m_stream(stream) {
    throw_on_error(cudaEventCreate(&m_start), "cudaEventCreate");
    throw_on_error(cudaEventCreate(&m_stop), "cudaEventCreate");
  }
  ~GpuTimer() {
    cudaEventDestroy(m_start);
    cudaEventDestroy(m_stop);
  }
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  void start() { throw_on_error(cudaEventRecord(m_start, m_stream), "record start"); }
  void stop() { throw_on_error(cudaEventRecord(m_stop, m_stream), "record stop"); }

  // Returns the elapsed time in ms, or a negative value when it is not available.
  float elapsed_ms() const {
    throw_on_error(cudaEventSynchronize(m_start), "cudaEventSynchronize");
    float ms = 0.0f;
    cudaError_t e = cudaEventElapsedTime(&ms, m_start, m_stop);
    if (e == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return -1.0f;
    }
    throw_on_error(e, "cudaEventElapsedTime");
    return ms;
  }

private:
  cudaStream_t m_stream;
  cudaEvent_t m_start{};
  cudaEvent_t m_stop{};
};

__global__ void block_sum(const float* in, float* out, size_t n) {
  __shared__ float partial[256];
  float acc = 0.0f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, partial[0]);
}

__global__ void postprocess(float* value, unsigned long long ns) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  *value *= 0.5f;
}

} // namespace

int main() {
  try {
    const size_t n = size_t(1) << 25;
    float *data, *sum;
    cudaStream_t stream;
    throw_on_error(cudaFree(0), "cudaFree(0)");
    throw_on_error(cudaStreamCreate(&stream), "cudaStreamCreate");
    throw_on_error(cudaMalloc(&data, n * sizeof(float)), "cudaMalloc");
    throw_on_error(cudaMalloc(&sum, sizeof(float)), "cudaMalloc");
    throw_on_error(cudaMemsetAsync(data, 0, n * sizeof(float), stream), "cudaMemsetAsync");
    throw_on_error(cudaMemsetAsync(sum, 0, sizeof(float), stream), "cudaMemsetAsync");
    block_sum<<<1024, 256, 0, stream>>>(data, sum, n); // warm-up
    throw_on_error(cudaGetLastError(), "block_sum");
    postprocess<<<1, 1, 0, stream>>>(sum, 0);
    throw_on_error(cudaGetLastError(), "postprocess");
    throw_on_error(cudaStreamSynchronize(stream), "cudaStreamSynchronize");

    GpuTimer timer(stream);
    timer.start();
    block_sum<<<1024, 256, 0, stream>>>(data, sum, n);
    throw_on_error(cudaGetLastError(), "block_sum");
    postprocess<<<1, 1, 0, stream>>>(sum, 20'000'000ull);
    throw_on_error(cudaGetLastError(), "postprocess");
    timer.stop();
    std::printf("reduce + postprocess: %.3f ms\n", timer.elapsed_ms());

    throw_on_error(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    throw_on_error(cudaFree(data), "cudaFree");
    throw_on_error(cudaFree(sum), "cudaFree");
    throw_on_error(cudaStreamDestroy(stream), "cudaStreamDestroy");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
