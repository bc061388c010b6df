// SPDX-License-Identifier: MIT
#include "report/json_report.hpp"

#include <nlohmann/json.hpp>

namespace gpucheck {

std::string render_json(const check_report& report) {
  nlohmann::json checks = nlohmann::json::array();
  for (const auto& check : report.checks) {
    nlohmann::json lines = nlohmann::json::array();
    for (const source_ref& line : check.lines) {
      lines.push_back({{"role", line.role},
                       {"file", line.file},
                       {"line", line.line},
                       {"function", line.function},
                       {"text", line.text}});
    }
    checks.push_back({{"name", check.name},
                      {"why_from", check.why_from},
                      {"lines", lines},
                      {"passed", check.passed},
                      {"expected", check.expected},
                      {"measured", check.measured},
                      {"message", check.message},
                      {"hint", check.hint},
                      {"rule", check.rule},
                      {"lesson_section", check.lesson_section},
                      {"noise_could_explain", check.noise_could_explain},
                      // whether the check showed a call of the student's function, which the trace
                      // can then judge (a pass on a disturbed GPU is confirmed only then)
                      {"call_shown", check.call.begin_ns != 0}});
  }
  nlohmann::json build_error = nullptr;
  if (report.build_error) {
    build_error = {{"file", report.build_error->file},
                   {"line", report.build_error->line},
                   {"column", report.build_error->column},
                   {"message", report.build_error->message},
                   {"link_error", report.build_error->is_link_error}};
  }
  nlohmann::json document = {{"schema", "gpucheck-check/1"},
                             {"lesson", report.lesson_folder},
                             {"title", report.lesson_title},
                             {"solution", report.solution},
                             {"verdict", exit_code_name(report.verdict)},
                             {"exit_code", to_int(report.verdict)},
                             {"headline", report.headline},
                             {"advice", report.advice},
                             {"build_error", build_error},
                             {"checks", checks},
                             {"program_output_tail", report.program_output_tail},
                             {"program_output_truncated", report.program_output_truncated},
                             {"forged_lines", report.forged_lines},
                             {"noise_reasons", report.noise_reasons},
                             {"passes_confirmed_by_trace", report.passes_confirmed},
                             {"sanitizer_tools", report.sanitizer_tools},
                             {"sanitizer_findings", report.sanitizer_findings},
                             {"device", report.device},
                             {"seed", report.seed},
                             {"build_seconds", report.build_seconds},
                             {"run_seconds", report.run_seconds},
                             {"timeline", report.timeline_path}};
  if (!report.sandbox.empty()) { // asked for (grade, check --sandbox): did the code run in one
    document["sandbox"] = {{"status", report.sandbox}, {"problem", report.sandbox_problem}};
  }
  return document.dump(2) + "\n";
}

} // namespace gpucheck
