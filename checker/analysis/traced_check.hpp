// SPDX-License-Identifier: MIT
// `gpucheck check` (and grade, selftest, watch) under the tracer: the lesson's check program runs
// with the tracer loaded; each failed check that shows a call of the student's function gets its
// why from the trace (lesson_diagnosis.hpp); --timeline draws the run.
#pragma once

#include "core/check_report.hpp"
#include "core/check_runner.hpp"
#include "core/lesson_catalog.hpp"

#include <filesystem>
#include <optional>

namespace gpucheck::analysis {

struct trace_options {
  bool trace = true;                               // run under the tracer (GPUCHECK_TRACE=0: not)
  std::optional<std::filesystem::path> timeline;   // draw the run here (SVG)
  std::optional<std::filesystem::path> keep_trace; // keep the trace (with its lines) here
};

check_report run_traced_check(const lesson_entry& lesson, check_settings settings,
                              const trace_options& options = {});

} // namespace gpucheck::analysis
