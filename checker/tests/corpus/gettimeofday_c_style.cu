/* SPDX-License-Identifier: MIT */
/* C-style stencil benchmark: a 1-D 5-point stencil over 32M floats, 30 sweeps (ping-pong
 * buffers), timed with gettimeofday and cudaDeviceSynchronize on both sides; warm-up first. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t err = (call);                                                                      \
    if (err != cudaSuccess) {                                                                      \
      fprintf(stderr, "%s failed at %s:%d: %s\n", #call, __FILE__, __LINE__,                       \
              cudaGetErrorString(err));                                                            \
      exit(EXIT_FAILURE);                                                                          \
    }                                                                                              \
  } while (0)

__global__ void stencil5(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 2 && i < n - 2)
    out[i] =
        0.1f * in[i - 2] + 0.2f * in[i - 1] + 0.4f * in[i] + 0.2f * in[i + 1] + 0.1f * in[i + 2];
}

static double elapsed_ms(const struct timeval* a, const struct timeval* b) {
  return (b->tv_sec - a->tv_sec) * 1000.0 + (b->tv_usec - a->tv_usec) / 1000.0;
}

int main(void) {
  const int n = 1 << 25;
  const int sweeps = 30;
  float *buf_a, *buf_b, *tmp;
  struct timeval start, stop;
  int s;

  CHECK(cudaFree(0));
  CHECK(cudaMalloc((void**)&buf_a, n * sizeof(float)));
  CHECK(cudaMalloc((void**)&buf_b, n * sizeof(float)));
  CHECK(cudaMemset(buf_a, 0, n * sizeof(float)));
  CHECK(cudaMemset(buf_b, 0, n * sizeof(float)));
  stencil5<<<(n + 255) / 256, 256>>>(buf_a, buf_b, n); /* warm-up */
  CHECK(cudaGetLastError());

  CHECK(cudaDeviceSynchronize());
  gettimeofday(&start, NULL);
  for (s = 0; s < sweeps; ++s) {
    stencil5<<<(n + 255) / 256, 256>>>(buf_a, buf_b, n);
    tmp = buf_a;
    buf_a = buf_b;
    buf_b = tmp;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  gettimeofday(&stop, NULL);

  printf("%d stencil sweeps over %d floats: %.3f ms\n", sweeps, n, elapsed_ms(&start, &stop));
  CHECK(cudaFree(buf_a));
  CHECK(cudaFree(buf_b));
  return 0;
}
