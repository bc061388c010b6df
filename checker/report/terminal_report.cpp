// SPDX-License-Identifier: MIT
#include "report/terminal_report.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace gpucheck {
namespace {

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
    return paint.green("PASS");
  case exit_code::no_device:
    return paint.yellow("BUILT, NOT RUN");
  case exit_code::inconclusive:
    return paint.yellow("INCONCLUSIVE");
  case exit_code::build_failed:
    return paint.red("DOES NOT BUILD");
  case exit_code::crashed:
    return paint.red("CRASHED");
  default:
    return paint.red("FAIL");
  }
}

void indent_block(std::ostringstream& out, const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    out << prefix << line << "\n";
  }
}

void render_check(std::ostringstream& out, const check_item& check, const painter& paint) {
  if (check.passed) {
    out << "  " << paint.green("ok  ") << " " << check.name << "\n";
    return;
  }
  out << "  " << paint.red("FAIL") << " " << paint.bold(check.name) << "\n";
  const auto field = [&](const char* label, const std::string& value) {
    if (!value.empty()) {
      out << "         " << paint.dim(label) << value << "\n";
    }
  };
  field("expected  ", check.expected);
  field("measured  ", check.measured);
  if (check.why_from == "numbers")
    field("why       ",
          "(inferred from your numbers; the trace shows no timing mistake) " + check.message);
  else
    field("why       ", check.message);
  for (const source_ref& line : check.lines) {
    const std::string where =
        line.line > 0
            ? std::filesystem::path(line.file).filename().string() + ":" + std::to_string(line.line)
            : "in " + line.function + " (build with -g for its line)";
    const char* label = line.role == "start"  ? "start     "
                        : line.role == "stop" ? "stop      "
                                              : "at        ";
    field(label, where + (line.text.empty() ? "" : "   " + line.text));
  }
  field("fix       ", check.hint);
  field("rule      ", check.rule);
  field("learn     ", check.lesson_section);
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
  out << verdict_word(report.verdict, paint) << "  lesson " << report.lesson_folder << ": "
      << report.lesson_title << (report.solution ? "  (reference solution)" : "") << "\n";
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
      render_check(out, check, paint);
    }
  }
  if (!report.sanitizer_findings.empty()) {
    out << "\n  " << paint.bold("compute-sanitizer found:") << "\n";
    for (const auto& finding : report.sanitizer_findings) {
      out << "  " << paint.red("-") << " " << finding << "\n";
    }
  } else if (!report.sanitizer_tools.empty()) {
    out << "\n  compute-sanitizer (";
    for (std::size_t i = 0; i < report.sanitizer_tools.size(); ++i) {
      out << (i > 0 ? ", " : "") << report.sanitizer_tools[i];
    }
    out << ") found no problem.\n";
  }
  if (!report.program_output_tail.empty()) {
    out << "\n  " << paint.dim("last lines the program printed:") << "\n";
    indent_block(out, report.program_output_tail, "  | ");
  }
  if (report.program_output_truncated) {
    out << "  " << paint.yellow("The program's output was cut:")
        << " it printed more than the checker keeps (256 KiB); the rest was dropped.\n";
  }
  if (report.forged_lines > 0) {
    out << "  " << paint.yellow("Ignored ") << report.forged_lines
        << " line(s) in the results channel that this run's checks did not write (forged or "
           "damaged).\n";
  }
  if (!report.noise_reasons.empty()) {
    out << "\n  " << paint.dim("the GPU was disturbed while the checks ran:") << "\n";
    for (const auto& reason : report.noise_reasons) {
      out << "  " << paint.dim("- " + reason) << "\n";
    }
  }
  if (!report.advice.empty()) {
    out << "\n  " << report.advice << "\n";
  }
  if (!report.timeline_path.empty()) {
    out << "\n  timeline of your run: " << report.timeline_path << "\n";
  }

  std::ostringstream footer;
  if (!report.device.empty()) {
    footer << "GPU " << report.device << "   ";
  }
  if (!report.seed.empty() && !report.device.empty()) {
    footer << "replay with GPUCHECK_SEED=" << report.seed << "   ";
  }
  char timing[96];
  std::snprintf(timing, sizeof timing, "build %.1f s, run %.1f s", report.build_seconds,
                report.run_seconds);
  footer << timing;
  out << "\n  " << paint.dim(footer.str()) << "\n";
  const bool failed = report.verdict == exit_code::wrong || report.verdict == exit_code::crashed ||
                      report.verdict == exit_code::build_failed;
  if (failed && !report.solution) {
    out << "  Edit " << report.exercise_file
        << ", then run make check LESSON=" << lesson_number(report.lesson_folder)
        << " again.  Stuck? make hint LESSON=" << lesson_number(report.lesson_folder) << "\n";
  }
  return out.str();
}

} // namespace gpucheck
