// SPDX-License-Identifier: MIT
/// @file device_probe.hpp
/// @brief Is there a CUDA device to check on?
#pragma once

#include <string>

namespace gpucheck {

/// The GPU's name, and whether a CUDA device can be used at all (false, with the reason, on a
/// machine without one or without a driver).
struct device_status {
  bool usable = false;
  std::string name;
  std::string reason;
};

/// Asks the CUDA runtime for device 0. Never exits: a missing device is an answer, not an error.
device_status probe_device();

} // namespace gpucheck
