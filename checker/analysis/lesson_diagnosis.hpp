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
#include "rules/rule_options.hpp"
#include "trace_model/trace.hpp"

#include <string>
#include <vector>

namespace gpucheck::analysis {

// The window of a check's shown call, in the rules' terms.
rules::call_window window_of(const check_item::shown_call& call);

// Every finding of every rule on the intervals the function timed in `window`, with their lines
// and their learn links from `learn` (the course's: core/lesson_catalog.hpp), the strongest
// first: errors before warnings, then by how much they changed the number.
std::vector<rules::finding> diagnose_call(const trace::run_trace& trace,
                                          const rules::call_window& window,
                                          const rules::learn_links& learn = {});

// A finding's lines as the result model holds them (start, stop, and the blamed call).
std::vector<source_ref> lines_of(const rules::finding& finding);

// Makes `findings` (diagnose_call's) the why of a failed check: the first one's message, fix,
// rule and lines, the others named after it. A slip the check's numbers prove exactly
// (check_item::slip) stays the why instead, unless the trace shows a clock of CPU time. Without
// findings, the check's own why (from its numbers) is kept and marked as inferred, or, where it
// only says how far off the number is, marked as a cause not determined, its guess of a fix
// replaced. A passed check is left alone.
void explain_failed_check(check_item& item, const std::vector<rules::finding>& findings);

// Whether `findings` (diagnose_call's, on a passed check's call) show a mistake in the method
// itself: an error the trace reads from what the code did. `returned-value` counts only where it
// names the slip exactly (finding::exact_slip: per-launch times summed, another unit, truncated):
// noise can bring such a number within tolerance, never make it. A number it cannot name is the
// check's to judge, and the check passed it.
bool refutes_pass(const std::vector<rules::finding>& findings);

// A pass on a disturbed GPU, checked against the trace of the replay. Noise can bring a wrong
// method's number within tolerance (a copy timed with events on the legacy stream, 10.5 ms against
// 11.5 ms, on a GPU another process used); the trace still shows the method. A passed check whose
// call the findings refute becomes a failure whose why is the trace's, said to have passed on its
// number on a disturbed GPU; returns whether it did.
bool refute_passed_check(check_item& item, const std::vector<rules::finding>& findings);

} // namespace gpucheck::analysis
