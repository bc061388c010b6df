// SPDX-License-Identifier: MIT
// The entry point of the rules: a trace in, findings out. Pure: no I/O, no globals.
#pragma once

#include "rules/finding.hpp"
#include "rules/registry.hpp"
#include "rules/rule_options.hpp"
#include "trace_model/trace.hpp"

#include <vector>

namespace gpucheck::rules {

// Every timing-method finding of every rule, sorted by interval start then rule id. A program that
// times correctly gets none. Findings of one rule on intervals from the same place (loops) are
// merged when options.merge_repeats is set.
std::vector<finding> run_rules(const trace::run_trace& trace, const rule_options& options = {});

// Everything the rules say about one run, with the intervals found once for all of them.
struct rule_results {
  std::vector<timed_interval> intervals;
  std::vector<finding> findings; // run_rules'
  std::vector<finding> notes;    // describe_intervals'
};
rule_results run_all_rules(const trace::run_trace& trace, const rule_options& options = {});

// Only the rule with this id (tests, `gpucheck lint --rule`); empty when the id is unknown.
std::vector<finding> run_rule(std::string_view rule_id, const trace::run_trace& trace,
                              const rule_options& options = {});

// Lint's statements of fact about intervals (severity::note): one the program marked as timing
// only the submission of work on purpose ("submission-only"), and one timed with the calendar clock
// that moved too little to warn of while it measured ("calendar-clock"; a jump is run_rules'
// warning). Not mistakes: run_rules leaves them out.
std::vector<finding> describe_intervals(const trace::run_trace& trace,
                                        const rule_options& options = {});

} // namespace gpucheck::rules
