// SPDX-License-Identifier: MIT
#include "core/watch_filter.hpp"

namespace gpucheck {

bool is_watched_source_name(const std::string& file_name) {
  if (file_name.empty() || file_name[0] == '.' || file_name[0] == '#') {
    return false;
  }
  for (const char* extension : {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".c"}) {
    const std::string suffix = extension;
    if (file_name.size() > suffix.size() &&
        file_name.compare(file_name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      return true;
    }
  }
  return false;
}

} // namespace gpucheck
