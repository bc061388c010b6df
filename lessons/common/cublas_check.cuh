// SPDX-License-Identifier: MIT
/// @file cublas_check.cuh
/// @brief CUBLAS_CHECK, and an owner for a cuBLAS handle.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>

namespace gpucourse {

/// Prints which cuBLAS call failed and where, then exits with status 1. Called by CUBLAS_CHECK.
[[noreturn]] inline void cublas_check_failed(cublasStatus_t status, const char* call,
                                             const char* file, int line) {
  std::fprintf(stderr, "%s:%d: cuBLAS error %s (%s)\n    in: %s\n", file, line,
               cublasGetStatusName(status), cublasGetStatusString(status), call);
  std::exit(1);
}

/// A cuBLAS handle, created on construction and destroyed with its owner. Creating one is part of
/// a program's warm-up: it loads cuBLAS and allocates its workspace (lesson 01 measures it).
class cublas_handle {
public:
  cublas_handle();
  ~cublas_handle() { cublasDestroy(m_handle); }
  cublas_handle(const cublas_handle&) = delete;
  cublas_handle& operator=(const cublas_handle&) = delete;
  operator cublasHandle_t() const { return m_handle; }

private:
  cublasHandle_t m_handle = nullptr;
};

} // namespace gpucourse

/// Runs a cuBLAS call and stops the program, naming the file, the line and the status, if it did
/// not return CUBLAS_STATUS_SUCCESS.
#define CUBLAS_CHECK(call)                                                                         \
  do {                                                                                             \
    const cublasStatus_t cublas_check_status_ = (call);                                            \
    if (cublas_check_status_ != CUBLAS_STATUS_SUCCESS) {                                           \
      ::gpucourse::cublas_check_failed(cublas_check_status_, #call, __FILE__, __LINE__);           \
    }                                                                                              \
  } while (false)

inline gpucourse::cublas_handle::cublas_handle() {
  CUBLAS_CHECK(cublasCreate(&m_handle));
}
