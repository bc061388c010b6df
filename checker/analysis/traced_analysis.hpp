// SPDX-License-Identifier: MIT
// The one traced analysis that `check`, `lint` and `--timeline` share (docs/ARCHITECTURE.md):
// the tracer's environment, reading the trace a run wrote, its source lines, the intervals (found
// once) and every rule's findings with the lines they name.
#pragma once

#include "analysis/source_lines.hpp"
#include "rules/finding.hpp"
#include "rules/run_rules.hpp"
#include "trace_model/trace.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck::analysis {

using environment = std::vector<std::pair<std::string, std::string>>;

// The variables that make a program write its trace to `trace_file` (trace FORMAT.md, "Recording
// a trace"), with the build's tracer; nullopt, and `error` saying what to build, without it.
std::optional<environment> tracer_environment(const std::filesystem::path& build_dir,
                                              const std::filesystem::path& trace_file,
                                              std::string& error);

// Whether `name` is one of the tracer's variables (a run under compute-sanitizer leaves them out).
bool is_tracer_variable(const std::string& name);

struct loaded_trace {
  std::optional<trace::run_trace> trace;
  std::string error; // why there is none
};

// Reads a trace file and resolves its source lines (source_lines.hpp). With `write_back`, the
// lines are written into the file as `location` records, so that a kept trace replays with its
// lines where the program is gone (the diagnosis fixtures in lessons/NN-slug/tests/diagnosis).
loaded_trace load_trace(const std::filesystem::path& trace_file, const source_options& options,
                        bool write_back = false);

// Fills a finding's start_at, stop_at and blamed_at from the trace's locations.
void attach_lines(rules::finding& finding, const trace::run_trace& trace);

// The intervals, found once, and the findings and notes of every rule, with their lines.
rules::rule_results analyze(const trace::run_trace& trace, const rules::rule_options& options);

} // namespace gpucheck::analysis
