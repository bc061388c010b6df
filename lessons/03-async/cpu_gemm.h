// SPDX-License-Identifier: MIT
// The CPU side of lesson 03: c = a * b for n x n float matrices in host memory, through CBLAS
// (OpenBLAS, multithreaded, where it is installed: see lesson.cmake), else a plain loop.
#pragma once

#if __has_include(<cblas.h>) && !defined(GPUCOURSE_NO_CBLAS)
#include <cblas.h>
#define GPUCOURSE_CPU_GEMM_NAME "cblas_sgemm"
#else
#define GPUCOURSE_CPU_GEMM_NAME "a plain loop (no CBLAS found)"
#endif

// Blocks until the product is computed, like every CPU function.
inline void cpu_multiply(int n, const float* a, const float* b, float* c) {
#if __has_include(<cblas.h>) && !defined(GPUCOURSE_NO_CBLAS)
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
#else
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      c[i + static_cast<long>(j) * n] = 0.0f;
    }
    for (int k = 0; k < n; ++k) {
      const float b_kj = b[k + static_cast<long>(j) * n];
      for (int i = 0; i < n; ++i) {
        c[i + static_cast<long>(j) * n] += a[i + static_cast<long>(k) * n] * b_kj;
      }
    }
  }
#endif
}
