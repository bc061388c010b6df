// SPDX-License-Identifier: MIT
#include "core/check_results_file.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace gpucheck {

check_results read_check_results(const std::filesystem::path& path, const std::string& token) {
  check_results results;
  std::ifstream file(path);
  std::string line;
  while (std::getline(file, line)) {
    const auto json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!json.is_object() || json.value("token", "") != token || token.empty()) {
      ++results.foreign_lines;
      continue;
    }
    const std::string type = json.value("type", "");
    if (type == "check") {
      check_item item;
      item.name = json.value("name", "");
      item.passed = json.value("passed", false);
      item.expected = json.value("expected", "");
      item.measured = json.value("measured", "");
      item.message = json.value("message", "");
      item.hint = json.value("hint", "");
      item.rule = json.value("rule", "");
      item.lesson_section = json.value("lesson_section", "");
      results.checks.push_back(item);
    } else if (type == "summary") {
      check_summary summary;
      summary.gpu_used = json.value("gpu_used", false);
      summary.device = json.value("device", "");
      summary.skip_reason = json.value("skip_reason", "");
      summary.seed = json.value("seed", "");
      results.summary = summary;
    }
  }
  return results;
}

} // namespace gpucheck
