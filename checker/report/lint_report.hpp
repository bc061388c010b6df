// SPDX-License-Identifier: MIT
// What `gpucheck lint` prints: per timed interval, its findings (or the statement that it only
// measures submission, where the program said so), for a terminal or as JSON.
#pragma once

#include "rules/finding.hpp"

#include <string>
#include <vector>

namespace gpucheck {

struct lint_report {
  std::string program;
  std::string device;
  int interval_count = 0;               // timed intervals found in the run
  std::vector<rules::finding> findings; // mistakes (warning, error)
  std::vector<rules::finding> notes;    // statements of fact (intended submission-only timing)
  std::string timeline_path;
};

std::string render_lint_terminal(const lint_report& report, bool colour);

// {"schema": "gpucheck-lint/2", "program", "device", "intervals",
//  "findings": [{"rule", "start", "stop", "site", "severity", "message", "hint", "lesson",
//                "effect_ms", "truth_ms", "measured_ms", "method", "clock", "occurrences"}],
//  "notes": [...], "timeline"}; start, stop, site: {"file", "line", "function", "text"} or null
// (report/SCHEMAS.md).
std::string render_lint_json(const lint_report& report);

} // namespace gpucheck
