// SPDX-License-Identifier: MIT
#include "core/gpu_lock.hpp"

#include <cctype>
#include <cstdlib>

namespace gpucheck {

std::string gpu_identity() {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  std::string first = visible != nullptr ? visible : "";
  first = first.substr(0, first.find(','));
  std::string safe;
  for (const char c : first) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') {
      safe.push_back(c);
    }
  }
  return safe.empty() ? "0" : safe;
}

std::filesystem::path gpu_lock_path(const std::string& identity) {
  const char* directory = std::getenv("GPUCHECK_LOCK_DIR");
  if (directory == nullptr || *directory == '\0' || !std::filesystem::is_directory(directory)) {
    directory = "/tmp";
  }
  return std::filesystem::path(directory) / ("gpucheck-gpu" + identity + ".lock");
}

} // namespace gpucheck
