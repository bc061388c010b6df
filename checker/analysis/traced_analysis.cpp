// SPDX-License-Identifier: MIT
#include "analysis/traced_analysis.hpp"

#include "messages/messages.hpp"
#include "trace_model/read_trace.hpp"

#include <cstdlib>
#include <fstream>

namespace gpucheck::analysis {
namespace fs = std::filesystem;

std::optional<environment> tracer_environment(const fs::path& build_dir, const fs::path& trace_file,
                                              std::string& error) {
  const fs::path tracer = fs::absolute(build_dir / "lib" / "libgputrace.so");
  if (!fs::exists(tracer)) {
    error = messages::text("analysis.tracer-not-built",
                           {{"tracer", tracer.string()}, {"build", build_dir.string()}});
    return std::nullopt;
  }
  const char* preload = std::getenv("LD_PRELOAD");
  return environment{{"CUDA_INJECTION64_PATH", tracer.string()},
                     {"LD_PRELOAD", tracer.string() + (preload ? ":" + std::string(preload) : "")},
                     {"GPUTRACE_OUTPUT", fs::absolute(trace_file).string()},
                     // a fresh run: not the child of a traced process (FORMAT.md)
                     {"GPUTRACE_PID", ""}};
}

bool is_tracer_variable(const std::string& name) {
  return name == "CUDA_INJECTION64_PATH" || name == "LD_PRELOAD" || name == "GPUTRACE_OUTPUT" ||
         name == "GPUTRACE_PID";
}

loaded_trace load_trace(const fs::path& trace_file, const source_options& options,
                        bool write_back) {
  auto read = trace::read_trace_file(trace_file);
  if (!read.ok())
    return {std::nullopt, read.error};
  trace::run_trace& run = *read.trace;
  if (run.locations.empty()) // a replayed trace brings its lines with it
    resolve_source_lines(run, options);
  if (write_back) {
    std::ofstream out(trace_file, std::ios::trunc);
    trace::write_trace(out, run);
  }
  return {std::move(read.trace), ""};
}

void attach_lines(rules::finding& finding, const trace::run_trace& trace) {
  const auto line_of = [&](const std::string& site) {
    const trace::source_line* where = site.empty() ? nullptr : trace.location_of(site);
    return where != nullptr ? *where : trace::source_line{};
  };
  finding.start_at = line_of(finding.interval.start_site);
  finding.stop_at = line_of(finding.interval.stop_site);
  finding.blamed_at =
      line_of(finding.blamed_site.empty() ? finding.interval.stop_site : finding.blamed_site);
}

rules::rule_results analyze(const trace::run_trace& trace, const rules::rule_options& options) {
  rules::rule_results results = rules::run_all_rules(trace, options);
  for (auto& finding : results.findings)
    attach_lines(finding, trace);
  for (auto& note : results.notes)
    attach_lines(note, trace);
  return results;
}

} // namespace gpucheck::analysis
