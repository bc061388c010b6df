/* SPDX-License-Identifier: MIT */
/* C-style upload benchmark: a double wall_time() helper (gettimeofday) is read around three
 * upload-and-sum steps; each step fills a 256 MB page-locked staging buffer, copies it to the
 * GPU and sums it. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define CUDA_CALL(x)                                                                               \
  do {                                                                                             \
    cudaError_t rc_ = (x);                                                                         \
    if (rc_ != cudaSuccess) {                                                                      \
      printf("error %d (%s) at %s:%d\n", (int)rc_, cudaGetErrorString(rc_), __FILE__, __LINE__);   \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

#define N_FLOATS (64u << 20)

static double wall_time(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

__global__ void sum_kernel(const float* v, unsigned n, float* out) {
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += v[i];
  atomicAdd(out, acc);
}

static float upload_and_sum(float* d_buf, float* d_sum, float value) {
  float* staging;
  float result;
  unsigned i;
  CUDA_CALL(cudaMallocHost((void**)&staging, N_FLOATS * sizeof(float)));
  for (i = 0; i < N_FLOATS; ++i)
    staging[i] = value;
  CUDA_CALL(cudaMemcpy(d_buf, staging, N_FLOATS * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CALL(cudaMemset(d_sum, 0, sizeof(float)));
  sum_kernel<<<1024, 256>>>(d_buf, N_FLOATS, d_sum);
  CUDA_CALL(cudaGetLastError());
  CUDA_CALL(cudaMemcpy(&result, d_sum, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CALL(cudaFreeHost(staging));
  return result;
}

int main(void) {
  float *d_buf, *d_sum;
  double t_begin, t_end;
  float total = 0.0f;
  int step;

  CUDA_CALL(cudaFree(0));
  CUDA_CALL(cudaMalloc((void**)&d_buf, N_FLOATS * sizeof(float)));
  CUDA_CALL(cudaMalloc((void**)&d_sum, sizeof(float)));
  sum_kernel<<<1, 32>>>(d_buf, 32, d_sum); /* warm-up */
  CUDA_CALL(cudaGetLastError());
  CUDA_CALL(cudaDeviceSynchronize());

  t_begin = wall_time();
  for (step = 0; step < 3; ++step)
    total += upload_and_sum(d_buf, d_sum, 0.001f * (step + 1));
  t_end = wall_time();

  printf("3 upload+sum steps: %.2f ms per step (total %.1f)\n", (t_end - t_begin) * 1e3 / 3, total);
  CUDA_CALL(cudaFree(d_buf));
  CUDA_CALL(cudaFree(d_sum));
  return 0;
}
