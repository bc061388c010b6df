// SPDX-License-Identifier: MIT
// Reading what a check program wrote to its results channel (checker/checkapi/results_channel.cpp).
// Every line carries a sequence number and a keyed digest derived from this run's secret token
// (core/keyed_hash.hpp); the summary is signed with a key only the check program's main() holds.
// Lines that fail either test were not written by the checks of this run: they are counted and
// ignored, and a run whose summary is missing or forged is a run that did not finish its checks.
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
  long noise_host_us = -1; // the largest timing noise the check program measured; -1: none
  long noise_event_us = -1;
};

struct check_results {
  std::vector<check_item> checks;
  std::optional<check_summary> summary; // absent: the program stopped before its checks ended
  int foreign_lines = 0;                // lines with a wrong digest, sequence or form
};

check_results read_check_results(const std::filesystem::path& path, const std::string& token);

// Parses results from text (what read_check_results does with the file's contents).
check_results parse_check_results(const std::string& text, const std::string& token);

} // namespace gpucheck
