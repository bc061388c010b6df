// SPDX-License-Identifier: MIT
// Ends without returning from main, with GPU work still queued: "exit" calls exit(2), "abort"
// calls abort(), "segv" dereferences null. The trace must still end with a footer.
#include "common.cuh"

#include <chrono>
#include <cstring>

int main(int argc, char** argv) {
  const char* how = argc > 1 ? argv[1] : "exit";
  auto t0 = std::chrono::steady_clock::now();
  spin_kernel<<<1, 1>>>(1'000'000);
  auto t1 = std::chrono::steady_clock::now();
  std::printf("launched in %lld ns, ending by %s\n", (long long)(t1 - t0).count(), how);
  std::fflush(stdout);
  if (std::strcmp(how, "abort") == 0) {
    std::abort();
  }
  if (std::strcmp(how, "segv") == 0) {
    volatile int* p = nullptr;
    *p = 1;
  }
  std::exit(2);
}
