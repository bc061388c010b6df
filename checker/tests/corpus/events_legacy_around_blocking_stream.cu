// SPDX-License-Identifier: MIT
// As in NVIDIA's samples: CUDA events recorded on the default (legacy) stream around a 10 ms
// kernel launched on a stream created with cudaStreamCreate.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check_cuda((val), #val, __FILE__, __LINE__)
static void check_cuda(cudaError_t result, const char* func, const char* file, int line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, int(result),
                 cudaGetErrorName(result), func);
    std::exit(EXIT_FAILURE);
  }
}

__global__ void delay_kernel(unsigned long long ns, int* flag) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  *flag = 1;
}

int main() {
  cudaStream_t stream;
  cudaEvent_t start_event, stop_event;
  int* d_flag;
  checkCudaErrors(cudaFree(0));
  checkCudaErrors(cudaStreamCreate(&stream));
  checkCudaErrors(cudaEventCreate(&start_event));
  checkCudaErrors(cudaEventCreate(&stop_event));
  checkCudaErrors(cudaMalloc(&d_flag, sizeof(int)));
  delay_kernel<<<1, 1, 0, stream>>>(1000, d_flag);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaEventRecord(start_event, 0));
  delay_kernel<<<1, 1, 0, stream>>>(10'000'000ull, d_flag);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaEventRecord(stop_event, 0));
  checkCudaErrors(cudaEventSynchronize(stop_event));

  float gpu_ms = 0.0f;
  checkCudaErrors(cudaEventElapsedTime(&gpu_ms, start_event, stop_event));
  std::printf("time spent executing by the GPU: %.2f ms\n", gpu_ms);

  checkCudaErrors(cudaFree(d_flag));
  checkCudaErrors(cudaEventDestroy(start_event));
  checkCudaErrors(cudaEventDestroy(stop_event));
  checkCudaErrors(cudaStreamDestroy(stream));
  return 0;
}
