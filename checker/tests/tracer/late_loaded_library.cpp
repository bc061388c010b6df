// SPDX-License-Identifier: MIT
// A program that loads, after it started and privately, a plugin that uses cuBLAS (the stand-in):
// under the tracer (LD_PRELOAD) the calls must reach the library as they do without it. Exits 0
// when they did; prints what went wrong otherwise.
#include <cstdio>
#include <dlfcn.h>

int main() {
  void* plugin = dlopen(GPUCHECK_TEST_PLUGIN, RTLD_NOW | RTLD_LOCAL);
  if (plugin == nullptr) {
    std::fprintf(stderr, "cannot load the plugin: %s\n", dlerror());
    return 2;
  }
  using create_and_destroy = int (*)(void**);
  const auto call =
      reinterpret_cast<create_and_destroy>(dlsym(plugin, "create_and_destroy_handle"));
  if (call == nullptr) {
    std::fprintf(stderr, "the plugin has no create_and_destroy_handle\n");
    return 2;
  }
  void* handle = nullptr;
  const int status = call(&handle);
  if (status != 0 || handle != reinterpret_cast<void*>(0x1234)) {
    std::fprintf(stderr, "cuBLAS's calls did not reach it: status %d, handle %p\n", status, handle);
    return 1;
  }
  std::printf("the privately loaded library got its calls\n");
  return 0;
}
