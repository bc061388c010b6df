// SPDX-License-Identifier: MIT
#include "core/gpu_probe.hpp"

#include <doctest/doctest.h>

using gpucheck::probe_gpu;

TEST_CASE("no driver library means no GPU, and the reason names the library") {
  const auto presence = probe_gpu("libcuda-that-does-not-exist.so.1");
  CHECK_FALSE(presence.present);
  CHECK(presence.reason.find("libcuda-that-does-not-exist.so.1 was not found") !=
        std::string::npos);
}

TEST_CASE("a library that is not a CUDA driver means no GPU") {
  const auto presence = probe_gpu("libm.so.6");
  CHECK_FALSE(presence.present);
  CHECK(presence.reason.find("not a CUDA driver") != std::string::npos);
}
