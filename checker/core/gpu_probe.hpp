// SPDX-License-Identifier: MIT
// Is there a CUDA device here? Asked of the driver (libcuda, loaded with dlopen so that gpucheck
// runs where there is none), before a command runs something that cannot work without one
// (make run, make status's advice). The check programs decide for themselves (exit 77).
#pragma once

#include <string>

namespace gpucheck {

struct gpu_presence {
  bool present = false;
  std::string reason; // when absent: why, in words ("no NVIDIA driver is installed (libcuda...)")
};

// Loads the driver library named `driver_library` (libcuda.so.1 unless a test names another) and
// counts its devices. Honours CUDA_VISIBLE_DEVICES, as the driver does.
gpu_presence probe_gpu(const std::string& driver_library = "libcuda.so.1");

} // namespace gpucheck
