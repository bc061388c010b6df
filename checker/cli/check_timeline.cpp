// SPDX-License-Identifier: MIT
#include "cli/check_timeline.hpp"

#include "cli/site_markers.hpp"
#include "report/timeline_svg.hpp"
#include "rules/run_rules.hpp"
#include "rules/timed_intervals.hpp"
#include "trace_model/read_trace.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>

namespace gpucheck::cli {
namespace fs = std::filesystem;

std::vector<std::pair<std::string, std::string>>
tracer_environment(const fs::path& build_dir, const fs::path& trace_file, std::string& error) {
  const fs::path tracer = fs::absolute(build_dir / "lib" / "libgputrace.so");
  if (!fs::exists(tracer)) {
    error = "the tracer is not built (" + tracer.string() + "); run: cmake --build " +
            build_dir.string() + " --target gputrace";
    return {};
  }
  const char* preload = std::getenv("LD_PRELOAD");
  return {{"CUDA_INJECTION64_PATH", tracer.string()},
          {"LD_PRELOAD", tracer.string() + (preload ? ":" + std::string(preload) : "")},
          {"GPUTRACE_OUTPUT", fs::absolute(trace_file).string()}};
}

void draw_check_timeline(const fs::path& trace_file, const fs::path& svg_file,
                         check_report& report) {
  auto read = trace::read_trace_file(trace_file);
  if (!read.ok()) {
    std::cerr << "gpucheck: no timeline: the trace could not be read (" << read.error << ")\n";
    return;
  }
  trace::run_trace& trace = *read.trace;
  resolve_site_markers(trace, read_trace_objects(trace_file));
  rules::rule_options options;
  options.mode = rules::rule_options::context::lesson;
  const auto intervals = rules::find_timed_intervals(trace);
  const auto findings = rules::run_rules(trace, options);
  if (intervals.empty()) {
    std::cerr << "gpucheck: no timeline: the trace holds no timed interval\n";
    return;
  }
  // One interval makes a readable picture; a check runs many trials.
  std::vector<rules::finding> shown_findings;
  rules::timed_interval shown = intervals.front();
  if (!findings.empty()) {
    shown = findings.front().interval;
    for (const auto& finding : findings) {
      if (finding.interval.start_ns == shown.start_ns && finding.interval.tid == shown.tid) {
        shown_findings.push_back(finding);
      }
    }
  }
  report::timeline_options picture;
  picture.title = "Your run of lesson " + report.lesson_folder +
                  (shown_findings.empty() ? "" : ": " + shown_findings.front().rule);
  std::ofstream(svg_file) << report::render_timeline_svg(trace, {shown}, shown_findings, picture);
  report.timeline_path = svg_file.string();
}

} // namespace gpucheck::cli
