// SPDX-License-Identifier: MIT
#include "report/lint_report.hpp"

#include "common/durations.hpp"
#include "messages/messages.hpp"

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

namespace gpucheck {
namespace {

using messages::text;

const char* severity_name(rules::severity level) {
  switch (level) {
  case rules::severity::error:
    return "error";
  case rules::severity::warning:
    return "warning";
  default:
    return "note";
  }
}

std::string milliseconds(trace::time_ns duration_ns) {
  return format_duration_ns(duration_ns);
}

std::string describe_interval(const rules::timed_interval& interval) {
  const std::string measured = milliseconds(interval.measured_ns);
  return interval.how == rules::timed_interval::method::events
             ? text("lint.interval-events", {{"measured", measured}})
             : text("lint.interval-clock", {{"clock", interval.clock}, {"measured", measured}});
}

// {"file", "line", "function", "text"}, or null where the line is not known.
nlohmann::json line_json(const trace::source_line& where) {
  if (where.line == 0 && where.function.empty())
    return nullptr;
  return {{"file", where.file},
          {"line", where.line},
          {"function", where.function},
          {"text", where.text}};
}

// "exercise.cu:21", "main+0x1a2b" without line information, "?" when nothing is known.
std::string place(const trace::source_line& where) {
  if (where.line > 0)
    return std::filesystem::path(where.file).filename().string() + ":" + std::to_string(where.line);
  return where.function.empty() ? std::string("?")
                                : text("lint.in-function", {{"function", where.function}});
}

// The source line, as a compiler quotes it: "   21 |   CUDA_CHECK(cudaDeviceSynchronize());".
std::string quoted(const trace::source_line& where) {
  if (where.line == 0 || where.text.empty())
    return "";
  char number[16];
  std::snprintf(number, sizeof number, "%5d", where.line);
  return std::string(number) + " | " + where.text + "\n";
}

// ", from exercise.cu:19 to exercise.cu:22" where both ends are known.
std::string timed_between(const rules::finding& finding) {
  if (finding.start_at.line == 0 || finding.stop_at.line == 0)
    return "";
  return text("lint.between",
              {{"start", place(finding.start_at)}, {"stop", place(finding.stop_at)}});
}

nlohmann::json finding_json(const rules::finding& finding) {
  return {{"rule", finding.rule},
          {"start", line_json(finding.start_at)},
          {"stop", line_json(finding.stop_at)},
          {"site", line_json(finding.blamed_at)},
          {"severity", severity_name(finding.level)},
          {"message", finding.message},
          {"hint", finding.hint},
          {"lesson", finding.lesson},
          {"effect_ms", static_cast<double>(finding.effect_ns) * 1e-6},
          {"truth_ms", static_cast<double>(finding.truth_ns) * 1e-6},
          {"measured_ms", static_cast<double>(finding.interval.measured_ns) * 1e-6},
          {"method",
           finding.interval.how == rules::timed_interval::method::events ? "events" : "host_clock"},
          {"clock", finding.interval.clock},
          {"occurrences", finding.occurrences}};
}

} // namespace

std::string render_lint_terminal(const lint_report& report, bool colour) {
  const auto paint = [&](const char* code, const std::string& text) {
    return colour ? "\x1b[" + std::string(code) + "m" + text + "\x1b[0m" : text;
  };
  // The severity as the student reads it ("error", or "错误"); JSON keeps severity_name's.
  const auto severity_word = [](rules::severity level) {
    return text(std::string("severity.") + severity_name(level));
  };
  std::ostringstream out;
  const std::string intervals = std::to_string(report.interval_count);
  if (report.findings.empty()) {
    out << paint("1;32", text("lint.clean"))
        << text(report.interval_count == 1 ? "lint.clean-detail.one" : "lint.clean-detail",
                {{"count", intervals}, {"program", report.program}})
        << "\n";
  } else {
    const std::string count = std::to_string(report.findings.size());
    out << paint("1;31", text(report.findings.size() == 1 ? "lint.findings.one" : "lint.findings",
                              {{"count", count}}))
        << text("lint.findings-detail", {{"count", intervals}, {"program", report.program}})
        << "\n";
  }
  bool without_lines = false;
  for (const auto& finding : report.findings) {
    // As compilers do: where, severity[rule], what happened; then the line quoted.
    out << "\n"
        << paint("1", place(finding.blamed_at)) << ": "
        << paint(finding.level == rules::severity::error ? "1;31" : "1;33",
                 severity_word(finding.level) + "[" + finding.rule + "]")
        << ": " << finding.message << "\n";
    out << quoted(finding.blamed_at);
    without_lines = without_lines || finding.blamed_at.line == 0;
    out << "    " << describe_interval(finding.interval) << timed_between(finding);
    if (finding.occurrences > 1) {
      out << text("lint.more-like-it", {{"count", std::to_string(finding.occurrences - 1)}});
    }
    out << "\n    " << text("lint.fix", {{"hint", finding.hint}}) << "\n";
    if (!finding.lesson.empty()) {
      out << "    " << text("lint.learn", {{"lesson", finding.lesson}}) << "\n";
    }
  }
  for (const auto& note : report.notes) {
    // As a compiler prints a note: where (the stop of the timing it describes), note[rule], the
    // fact; then the timing and its ends.
    out << "\n  " << paint("1", place(note.stop_at)) << ": "
        << paint("1", severity_word(rules::severity::note) + "[" + note.rule + "]") << ": "
        << note.message << "\n";
    out << "    " << describe_interval(note.interval) << timed_between(note) << "\n";
    without_lines = without_lines || note.stop_at.line == 0;
  }
  if (without_lines) {
    // A Python script has its lines: a call without one was made inside the framework (a thread
    // of PyTorch's that runs no Python), and no build option would give it one.
    const bool script = report.program.ends_with(".py");
    out << "\n  " << text(script ? "lint.inside-framework" : "lint.without-lines") << "\n";
  }
  if (!report.timeline_path.empty()) {
    out << "\n  " << text("lint.timeline", {{"path", report.timeline_path}}) << "\n";
  }
  if (!report.device.empty()) {
    out << "\n  " << text("lint.gpu", {{"device", report.device}}) << "\n";
  }
  return out.str();
}

std::string render_lint_json(const lint_report& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const auto& finding : report.findings) {
    findings.push_back(finding_json(finding));
  }
  nlohmann::json notes = nlohmann::json::array();
  for (const auto& note : report.notes) {
    notes.push_back(finding_json(note));
  }
  const nlohmann::json document = {
      {"schema", "gpucheck-lint/2"},        {"program", report.program}, {"device", report.device},
      {"intervals", report.interval_count}, {"findings", findings},      {"notes", notes},
      {"timeline", report.timeline_path}};
  return document.dump(2) + "\n";
}

} // namespace gpucheck
