// SPDX-License-Identifier: MIT
// `gpucheck check` (and grade, selftest, watch) under the tracer: the lesson's check program runs
// with the tracer loaded; each failed check that shows a call of the student's function gets its
// why from the trace (lesson_diagnosis.hpp); --timeline draws the run.
#pragma once

#include "core/check_report.hpp"
#include "core/check_runner.hpp"
#include "core/lesson_catalog.hpp"
#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck::analysis {

// Draws one interval of a run and its findings under a title, as SVG: the timeline library's
// report::render_interval_timeline, handed over by the command that asks for a timeline, so that
// the check pipeline neither links nor runs the renderer otherwise.
using timeline_renderer = std::string (*)(const trace::run_trace& run,
                                          const rules::timed_interval& shown,
                                          const std::vector<rules::finding>& findings,
                                          const std::string& title);

struct trace_options {
  bool trace = true;                             // run under the tracer (GPUCHECK_TRACE=0: not)
  std::optional<std::filesystem::path> timeline; // draw the run here, with render_timeline
  timeline_renderer render_timeline = nullptr;
  std::optional<std::filesystem::path> keep_trace; // keep the trace (with its lines) here
};

check_report run_traced_check(const lesson_entry& lesson, check_settings settings,
                              const trace_options& options = {});

// What a kept trace records of one check's call in the replay (`replayed`), with what the
// verdict's run (`verdict_checks`) said of the same check: the numbers it failed with where that
// run showed the call, and its slip wherever it failed.
trace::checked_call kept_call(const check_item& replayed,
                              const std::vector<check_item>& verdict_checks);

} // namespace gpucheck::analysis
