// SPDX-License-Identifier: MIT
/// @file size_list.hpp
/// @brief Reading a list of problem sizes from the command line ("4,64,1024").
#pragma once

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace gpucourse {

/// The positive integers of a comma-separated list; anything else in it is skipped.
inline std::vector<int> parse_sizes(const char* text) {
  std::vector<int> sizes;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    const int n = std::atoi(item.c_str());
    if (n > 0) {
      sizes.push_back(n);
    }
  }
  return sizes;
}

} // namespace gpucourse
