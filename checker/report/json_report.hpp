// SPDX-License-Identifier: MIT
// The check verdict as JSON (`gpucheck check N --json`), for graders and scripts. The schema is
// documented in one place, report/SCHEMAS.md; in short (version 1):
// {"schema": "gpucheck-check/1", "lesson", "title", "solution", "verdict" (exit_code_name),
//  "exit_code", "headline", "advice", "build_error": {file,line,column,message} | null,
//  "checks": [{name, passed, expected, measured, message, hint, rule, lesson_section}],
//  "device", "seed", "build_seconds", "run_seconds", "timeline"}
#pragma once

#include "core/check_report.hpp"

#include <string>

namespace gpucheck {

std::string render_json(const check_report& report);

} // namespace gpucheck
