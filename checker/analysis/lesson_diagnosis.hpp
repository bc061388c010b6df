// SPDX-License-Identifier: MIT
// Lesson mode: the why of a failed check, read from what the student's function did in the call
// the check shows (its window in the trace), by the same rules as lint. The priority of the
// explanations is fixed here and nowhere else (docs/ARCHITECTURE.md, "Which why wins"):
//   1. facts read from the trace (a rule's finding on the call, with its lines);
//   2. facts from the numbers alone (a unit slip, a sum of runs: check.cu's, noise cannot make
//      them), said to be inferred;
//   3. an explanation that noise could cause (check.cu's), said to be inferred too.
#pragma once

#include "core/check_report.hpp"
#include "rules/finding.hpp"
#include "trace_model/trace.hpp"

#include <string>
#include <vector>

namespace gpucheck::analysis {

// The window of a check's shown call, in the rules' terms.
rules::call_window window_of(const check_item::shown_call& call);

// Every finding of every rule on the intervals the function timed in `window`, with their lines,
// the strongest first: errors before warnings, then by how much they changed the number.
std::vector<rules::finding> diagnose_call(const trace::run_trace& trace,
                                          const rules::call_window& window);

// A finding's lines as the result model holds them (start, stop, and the blamed call).
std::vector<source_ref> lines_of(const rules::finding& finding);

// Makes `findings` (diagnose_call's) the why of a failed check: the first one's message, fix,
// rule and lines, the others named after it. Without findings, the check's own why (from its
// numbers) is kept and marked as inferred. A passed check is left alone.
void explain_failed_check(check_item& item, const std::vector<rules::finding>& findings);

} // namespace gpucheck::analysis
