// SPDX-License-Identifier: MIT
#include "core/check_results_file.hpp"

#include "core/keyed_hash.hpp"

#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

namespace gpucheck {
namespace {

// Removes the digest from `line` and says whether it matches the rest under `key`.
bool verify(nlohmann::json& line, const hash_key& key) {
  if (!line.contains("mac") || !line["mac"].is_string()) {
    return false;
  }
  const std::string digest = line["mac"];
  line.erase("mac");
  return digest ==
         digest_hex(key, line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

check_item read_check(const nlohmann::json& json) {
  check_item item;
  item.name = json.value("name", "");
  item.passed = json.value("passed", false);
  item.expected = json.value("expected", "");
  item.measured = json.value("measured", "");
  item.message = json.value("message", "");
  item.hint = json.value("hint", "");
  item.rule = json.value("rule", "");
  item.lesson_section = json.value("lesson_section", "");
  item.noise_could_explain = json.value("noise_could_explain", false);
  item.assumes = json.value("assumes", "");
  item.slip = json.value("slip", "");
  item.only_how_far_off = json.value("only_how_far_off", false);
  item.seen = json.value("seen", false);
  if (const auto call = json.find("call"); call != json.end() && call->is_object()) {
    item.call.begin_ns = call->value("begin_ns", 0LL);
    item.call.end_ns = call->value("end_ns", 0LL);
    item.call.tid = call->value("tid", 0);
    // Absent: the function returned no single number (results_channel.hpp).
    const auto reported = call->find("reported_ms");
    item.call.reported_ms = reported != call->end() && reported->is_number()
                                ? reported->get<double>()
                                : std::numeric_limits<double>::quiet_NaN();
    item.call.truth_ms = call->value("truth_ms", 0.0);
    item.call.test_case = call->value("test_case", 0);
    item.call.per_run = call->value("per_run", false);
  }
  return item;
}

check_summary read_summary(const nlohmann::json& json) {
  check_summary summary;
  summary.gpu_used = json.value("gpu_used", false);
  summary.device = json.value("device", "");
  summary.skip_reason = json.value("skip_reason", "");
  summary.seed = json.value("seed", "");
  summary.noise_host_us = json.value("noise_host_us", -1L);
  summary.noise_event_us = json.value("noise_event_us", -1L);
  return summary;
}

} // namespace

check_results parse_check_results(const std::string& text, const std::string& token) {
  check_results results;
  if (token.empty()) {
    return results;
  }
  const hash_key line_key = derive_key(token, "lines");
  const hash_key summary_key = derive_key(token, "summary");
  long next_sequence = 0;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    auto json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!json.is_object() || !json.contains("seq") || !json["seq"].is_number_integer()) {
      ++results.foreign_lines;
      continue;
    }
    const std::string type = json.value("type", "");
    const bool is_summary = type == "summary";
    if (!verify(json, is_summary ? summary_key : line_key) ||
        json["seq"].get<long>() != next_sequence) {
      ++results.foreign_lines;
      continue;
    }
    ++next_sequence;
    if (results.summary) {
      results.summary.reset(); // nothing genuine follows the summary
      ++results.foreign_lines;
    }
    if (type == "check") {
      results.checks.push_back(read_check(json));
    } else if (is_summary) {
      if (json.value("checks", -1L) != static_cast<long>(results.checks.size())) {
        ++results.foreign_lines;
        continue;
      }
      results.summary = read_summary(json);
    }
  }
  return results;
}

check_results read_check_results(const std::filesystem::path& path, const std::string& token) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return parse_check_results(text.str(), token);
}

} // namespace gpucheck
