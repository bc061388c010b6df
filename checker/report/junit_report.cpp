// SPDX-License-Identifier: MIT
#include "report/junit_report.hpp"

#include "report/svg_writer.hpp"
#include <cstdio>

#include <sstream>

namespace gpucheck {
namespace {

using report::escape_xml; // one escaping for every XML the checker writes

std::string failure_text(const check_item& check) {
  std::ostringstream text;
  const auto field = [&](const char* label, const std::string& value) {
    if (!value.empty()) {
      text << label << value << "\n";
    }
  };
  field("expected: ", check.expected);
  field("measured: ", check.measured);
  field("why:      ", check.message);
  field("fix:      ", check.hint);
  field("rule:     ", check.rule);
  field("learn:    ", check.lesson_section);
  return text.str();
}

} // namespace

std::string render_junit(const check_report& report) {
  const std::string suite =
      "gpucheck." + report.lesson_folder + (report.solution ? ".solution" : "");
  const bool verdict_case = report.verdict != exit_code::pass && report.verdict != exit_code::wrong;
  const bool verdict_is_error =
      report.verdict == exit_code::build_failed || report.verdict == exit_code::crashed;
  int failures = 0;
  for (const auto& check : report.checks) {
    failures += check.passed ? 0 : 1;
  }
  const int tests = static_cast<int>(report.checks.size()) + (verdict_case ? 1 : 0);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", report.build_seconds + report.run_seconds);

  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"gpucheck\" tests=\"" << tests << "\" failures=\"" << failures
      << "\" errors=\"" << (verdict_case && verdict_is_error ? 1 : 0) << "\" time=\"" << seconds
      << "\">\n";
  out << "  <testsuite name=\"" << escape_xml(suite) << "\" tests=\"" << tests << "\" failures=\""
      << failures << "\" errors=\"" << (verdict_case && verdict_is_error ? 1 : 0) << "\" skipped=\""
      << (verdict_case && !verdict_is_error ? 1 : 0) << "\" time=\"" << seconds << "\">\n";
  out << "    <properties>\n"
      << "      <property name=\"verdict\" value=\"" << exit_code_name(report.verdict) << "\"/>\n"
      << "      <property name=\"exit_code\" value=\"" << to_int(report.verdict) << "\"/>\n";
  if (!report.device.empty()) {
    out << "      <property name=\"device\" value=\"" << escape_xml(report.device) << "\"/>\n";
  }
  if (!report.seed.empty()) {
    out << "      <property name=\"seed\" value=\"" << escape_xml(report.seed) << "\"/>\n";
  }
  out << "    </properties>\n";
  for (const auto& check : report.checks) {
    out << "    <testcase classname=\"" << escape_xml(suite) << "\" name=\""
        << escape_xml(check.name) << "\"";
    if (check.passed) {
      out << "/>\n";
      continue;
    }
    out << ">\n      <failure message=\""
        << escape_xml(check.message.empty() ? "check failed" : check.message) << "\" type=\""
        << escape_xml(check.rule.empty() ? "wrong-result" : check.rule) << "\">"
        << escape_xml(failure_text(check)) << "</failure>\n    </testcase>\n";
  }
  if (verdict_case) {
    out << "    <testcase classname=\"" << escape_xml(suite) << "\" name=\"gpucheck verdict\">\n";
    const std::string message = escape_xml(report.headline);
    if (verdict_is_error) {
      out << "      <error message=\"" << message << "\" type=\"" << exit_code_name(report.verdict)
          << "\">" << escape_xml(report.advice) << "</error>\n";
    } else {
      out << "      <skipped message=\"" << message << "\"/>\n";
    }
    out << "    </testcase>\n";
  }
  if (!report.program_output_tail.empty()) {
    out << "    <system-out>" << escape_xml(report.program_output_tail) << "</system-out>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

} // namespace gpucheck
