// SPDX-License-Identifier: MIT
// A plugin linked against the stand-in cuBLAS, as PyTorch's extension is linked against the
// cuBLAS of its wheel: loaded privately (RTLD_LOCAL), it brings that library with it.
extern "C" int cublasCreate_v2(void** handle);
extern "C" int cublasDestroy_v2(void* handle);

extern "C" __attribute__((visibility("default"))) int create_and_destroy_handle(void** handle) {
  const int created = cublasCreate_v2(handle);
  if (created != 0)
    return created;
  return cublasDestroy_v2(*handle);
}
