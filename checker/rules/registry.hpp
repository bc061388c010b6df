// SPDX-License-Identifier: MIT
// Every rule gpucheck knows: its stable id, severity and title. Ids never change
// (docs/ARCHITECTURE.md, "The rules"); renderers and lesson checks refer to them.
#pragma once

#include "rules/finding.hpp"

#include <span>
#include <string_view>
#include <vector>

namespace gpucheck::rules {

namespace detail {
struct rule_input;
}
// A rule: the findings it makes from the intervals of a trace (rules/detail/rule_input.hpp).
using rule_check = std::vector<finding> (*)(const detail::rule_input&);

// One row of the one rule table (registry.cpp). Adding a rule is one file (its check function)
// and one row here; docs/ARCHITECTURE.md, "Adding a rule".
struct rule_info {
  std::string_view id;    // "unsynced-stop"
  severity level;         // the severity of its findings (lint may lower unsynced-stop)
  std::string_view title; // the mistake, one line
  rule_check check;       // the rule itself; run_rules runs every row's
  // In a lesson check, the failed check's own section teaches the fix better than the rule's
  // learn link does (returned-value: what to return is what that check asks for, in whichever
  // lesson).
  bool check_section_teaches_it = false;
};

// The rules of docs/ARCHITECTURE.md's rule table, in its order, then the rules added since, then
// "submission-only" (a note, not a mistake).
std::span<const rule_info> all_rules();
// nullptr when no rule has that id.
const rule_info* find_rule(std::string_view id);

} // namespace gpucheck::rules
