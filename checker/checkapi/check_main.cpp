// SPDX-License-Identifier: MIT
// main() of every lesson's check program. Runs the doctest checks; where no CUDA device can be
// used, runs only the checks that need none and exits 77 (CTest's and gpucheck's "skipped").
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "checkapi/device_probe.hpp"
#include "checkapi/results_channel.hpp"

#include <cstdio>

namespace {
constexpr int exit_no_device = 77;
}

int main(int argc, char** argv) {
  const gpucheck::device_status device = gpucheck::probe_device();
  doctest::Context context;
  context.applyCommandLine(argc, argv);
  if (!device.usable) {
    context.addFilter("test-suite-exclude", "gpu");
    std::printf("gpucheck: no usable CUDA device (%s); running only the checks that need none.\n",
                device.reason.c_str());
  }
  const int failed = context.run();
  if (context.shouldExit()) {
    return failed;
  }
  gpucheck::report_summary(device.usable, device.name, device.reason);
  if (failed != 0) {
    return 1;
  }
  return device.usable ? 0 : exit_no_device;
}
