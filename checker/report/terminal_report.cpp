// SPDX-License-Identifier: MIT
#include "report/terminal_report.hpp"

#include "messages/messages.hpp"
#include "report/shown_why.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace gpucheck {
namespace {

using messages::text;

class painter {
public:
  explicit painter(bool colour) : m_colour(colour) {}
  std::string red(const std::string& text) const { return wrap("1;31", text); }
  std::string green(const std::string& text) const { return wrap("1;32", text); }
  std::string yellow(const std::string& text) const { return wrap("1;33", text); }
  std::string bold(const std::string& text) const { return wrap("1", text); }
  std::string dim(const std::string& text) const { return wrap("2", text); }

private:
  std::string wrap(const char* code, const std::string& text) const {
    return m_colour ? "\x1b[" + std::string(code) + "m" + text + "\x1b[0m" : text;
  }
  bool m_colour;
};

std::string verdict_word(exit_code verdict, const painter& paint) {
  switch (verdict) {
  case exit_code::pass:
    return paint.green(text("verdict.pass"));
  case exit_code::no_device:
    return paint.yellow(text("verdict.no-device"));
  case exit_code::inconclusive:
    return paint.yellow(text("verdict.inconclusive"));
  case exit_code::build_failed:
    return paint.red(text("verdict.build-failed"));
  case exit_code::crashed:
    return paint.red(text("verdict.crashed"));
  default:
    return paint.red(text("verdict.fail"));
  }
}

void indent_block(std::ostringstream& out, const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    out << prefix << line << "\n";
  }
}

void render_check(std::ostringstream& out, const check_report& report, const check_item& check,
                  const painter& paint) {
  if (check.passed) {
    out << "  " << paint.green(text("report.check-ok")) << " " << check.name << "\n";
    return;
  }
  out << "  " << paint.red(text("report.check-fail")) << " " << paint.bold(check.name) << "\n";
  // A label (field.expected, ...) padded to 10 terminal columns, then its value.
  const auto field = [&](const char* label_id, const std::string& value) {
    if (!value.empty()) {
      out << "         " << paint.dim(messages::pad_label(text(label_id), 10)) << value << "\n";
    }
  };
  field("field.expected", check.expected);
  field("field.measured", check.measured);
  field("field.why", shown_why(report, check));
  for (const source_ref& line : check.lines) {
    const std::string where = line.line > 0 ? std::filesystem::path(line.file).filename().string() +
                                                  ":" + std::to_string(line.line)
                                            : text("report.no-line", {{"function", line.function}});
    const char* label = line.role == "start"  ? "field.start"
                        : line.role == "stop" ? "field.stop"
                                              : "field.at";
    field(label, where + (line.text.empty() ? "" : "   " + line.text));
  }
  field("field.fix", check.hint);
  field("field.rule", check.rule);
  field("field.learn", check.lesson_section);
}

std::string lesson_number(const std::string& folder) {
  return folder.substr(0, 2);
}

} // namespace

bool colour_wanted(int file_descriptor) {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && *no_colour != '\0') {
    return false;
  }
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string(term) == "dumb") {
    return false;
  }
  return isatty(file_descriptor) != 0;
}

std::string render_terminal(const check_report& report, const terminal_style& style) {
  const painter paint(style.colour);
  std::ostringstream out;
  out << verdict_word(report.verdict, paint) << "  "
      << text("report.lesson", {{"folder", report.lesson_folder}, {"title", report.lesson_title}})
      << (report.solution ? text("report.reference-solution") : "") << "\n";
  out << "  " << report.headline << "\n";

  if (report.build_error) {
    const compiler_error& error = *report.build_error;
    if (!error.is_link_error && !error.excerpt.empty()) {
      // The headline names the file, line and message once; here, the line itself.
      out << "\n";
      indent_block(out, error.excerpt, "    ");
    }
  } else if (!report.build_output_tail.empty()) {
    out << "\n";
    indent_block(out, report.build_output_tail, "    ");
  }
  if (!report.checks.empty()) {
    out << "\n";
    for (const auto& check : report.checks) {
      render_check(out, report, check, paint);
    }
  }
  if (!report.not_run_checks.empty()) {
    out << "\n  " << paint.bold(text("report.not-run")) << "\n";
    for (const auto& name : report.not_run_checks) {
      out << "  " << paint.yellow("-") << " " << name << "\n";
    }
  }
  if (!report.sanitizer_findings.empty()) {
    out << "\n  " << paint.bold(text("report.sanitizer-found")) << "\n";
    for (const auto& finding : report.sanitizer_findings) {
      out << "  " << paint.red("-") << " " << finding << "\n";
    }
  } else if (!report.sanitizer_tools.empty()) {
    std::string tools;
    for (std::size_t i = 0; i < report.sanitizer_tools.size(); ++i) {
      tools += (i > 0 ? ", " : "") + report.sanitizer_tools[i];
    }
    out << "\n  " << text("report.sanitizer-clean", {{"tools", tools}}) << "\n";
  }
  if (!report.program_output_tail.empty()) {
    out << "\n  " << paint.dim(text("report.program-output")) << "\n";
    indent_block(out, report.program_output_tail, "  | ");
  }
  if (report.program_output_truncated) {
    out << "  " << paint.yellow(text("report.output-cut")) << text("report.output-cut-detail")
        << "\n";
  }
  if (report.forged_lines > 0) {
    out << "  " << paint.yellow(text("report.forged")) << report.forged_lines
        << text("report.forged-detail") << "\n";
  }
  if (report.sandbox == "unavailable") {
    out << "\n  "
        << paint.red(text("report.sandbox-unavailable", {{"why", report.sandbox_problem}})) << "\n";
  } else if (report.sandbox == "sandboxed") {
    out << "\n  " << paint.dim(text("report.sandboxed")) << "\n";
  } else if (report.sandbox == "not-sandboxed") {
    out << "\n  " << paint.yellow(text("report.not-sandboxed")) << "\n";
  }
  if (!report.noise_reasons.empty()) {
    out << "\n  " << paint.dim(text("report.disturbed")) << "\n";
    for (const auto& reason : report.noise_reasons) {
      out << "  " << paint.dim("- " + reason) << "\n";
    }
    if (report.passes_confirmed > 0) {
      out << "  "
          << paint.dim(text("report.passes-confirmed",
                            {{"count", std::to_string(report.passes_confirmed)}}))
          << "\n";
    }
  }
  if (!report.advice.empty()) {
    out << "\n  " << report.advice << "\n";
  }
  if (!report.timeline_path.empty()) {
    out << "\n  " << text("report.timeline", {{"path", report.timeline_path}}) << "\n";
  }

  std::ostringstream footer;
  if (!report.device.empty()) {
    footer << text("report.footer-gpu", {{"device", report.device}});
  }
  if (!report.seed.empty() && !report.device.empty()) {
    footer << text("report.footer-seed", {{"seed", report.seed}});
  }
  char build_s[32];
  char run_s[32];
  std::snprintf(build_s, sizeof build_s, "%.1f", report.build_seconds);
  std::snprintf(run_s, sizeof run_s, "%.1f", report.run_seconds);
  footer << text("report.footer-times", {{"build_s", build_s}, {"run_s", run_s}});
  out << "\n  " << paint.dim(footer.str()) << "\n";
  const bool failed = report.verdict == exit_code::wrong || report.verdict == exit_code::crashed ||
                      report.verdict == exit_code::build_failed;
  if (failed && !report.solution) {
    out << "  "
        << text("report.next-step",
                {{"file", report.exercise_file}, {"number", lesson_number(report.lesson_folder)}})
        << "\n";
  }
  return out.str();
}

} // namespace gpucheck
