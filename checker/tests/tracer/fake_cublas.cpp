// SPDX-License-Identifier: MIT
// A stand-in for cuBLAS: its handle functions, and nothing else, so that the tracer's interposers
// can be tested without a GPU or the real library.
extern "C" __attribute__((visibility("default"))) int cublasCreate_v2(void** handle) {
  *handle = reinterpret_cast<void*>(0x1234);
  return 0;
}

extern "C" __attribute__((visibility("default"))) int cublasDestroy_v2(void* handle) {
  return handle == reinterpret_cast<void*>(0x1234) ? 0 : 7;
}
