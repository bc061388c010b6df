// SPDX-License-Identifier: MIT
#include "report/gradescope_report.hpp"

#include "messages/messages.hpp"
#include "report/shown_why.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace gpucheck {
namespace {

std::string check_output(const check_report& report, const check_item& check) {
  if (check.passed) {
    return "";
  }
  std::string text;
  const auto field = [&](const char* label, const std::string& value) {
    if (!value.empty()) {
      text += label + value + "\n";
    }
  };
  field("expected: ", check.expected);
  field("measured: ", check.measured);
  field("why: ", shown_why(report, check));
  field("fix: ", check.hint);
  field("learn: ", check.lesson_section);
  return text;
}

} // namespace

std::string render_gradescope(const check_report& report) {
  const bool judged = report.verdict == exit_code::pass || report.verdict == exit_code::wrong;
  nlohmann::json tests = nlohmann::json::array();
  int score = 0;
  for (const auto& check : report.checks) {
    const int points = judged && check.passed ? 1 : 0;
    score += points;
    tests.push_back({{"name", check.name},
                     {"score", points},
                     {"max_score", 1},
                     {"status", check.passed ? "passed" : "failed"},
                     {"output", check_output(report, check)},
                     {"visibility", "visible"}});
  }
  if (!judged) {
    tests.push_back(
        {{"name", "gpucheck verdict"},
         {"score", 0},
         {"max_score", 0},
         {"status", "failed"},
         {"output", report.headline + (report.advice.empty() ? "" : "\n" + report.advice)},
         {"visibility", "visible"}});
  }
  std::string output = std::string(exit_code_name(report.verdict)) + ": " + report.headline;
  if (!report.advice.empty()) {
    output += "\n" + report.advice;
  }
  for (const auto& reason : report.noise_reasons) {
    output += "\n- " + reason;
  }
  if (report.passes_confirmed > 0) {
    output += "\n" + messages::text("report.passes-confirmed",
                                    {{"count", std::to_string(report.passes_confirmed)}});
  }
  for (const auto& finding : report.sanitizer_findings) {
    output += "\n- " + finding;
  }
  const nlohmann::json document = {
      {"score", score},
      {"execution_time", static_cast<int>(std::lround(report.build_seconds + report.run_seconds))},
      {"output", output},
      {"visibility", "visible"},
      {"stdout_visibility", "hidden"},
      {"tests", tests},
      {"extra_data",
       {{"verdict", exit_code_name(report.verdict)},
        {"exit_code", to_int(report.verdict)},
        {"lesson", report.lesson_folder},
        {"device", report.device},
        {"seed", report.seed}}}};
  return document.dump(2) + "\n";
}

} // namespace gpucheck
