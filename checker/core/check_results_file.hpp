// SPDX-License-Identifier: MIT
// Reading what a check program wrote to its results channel (checker/checkapi/results_channel.cpp).
// Lines without this run's token are ignored: they were not written by the checks of this run.
#pragma once

#include "core/check_report.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

struct check_summary {
  bool gpu_used = false;
  std::string device;
  std::string skip_reason;
  std::string seed;
};

struct check_results {
  std::vector<check_item> checks;
  std::optional<check_summary> summary; // absent: the program stopped before its checks ended
  int foreign_lines = 0;                // lines with a wrong or missing token
};

check_results read_check_results(const std::filesystem::path& path, const std::string& token);

} // namespace gpucheck
