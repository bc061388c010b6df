// SPDX-License-Identifier: MIT
// Every rule gpucheck knows: its stable id, severity, title and the lesson section that teaches
// the fix. Ids never change (DESIGN.md's rule table); renderers and lesson checks refer to them.
#pragma once

#include "rules/finding.hpp"

#include <span>
#include <string_view>

namespace gpucheck::rules {

struct rule_info {
  std::string_view id;     // "unsynced-stop"
  severity level;          // the severity of its findings (lint may lower unsynced-stop)
  std::string_view title;  // the mistake, one line
  std::string_view lesson; // "lessons/03-async/lesson.md#..."
};

// The rules of DESIGN.md's table, in its order, then "submission-only" (a note, not a mistake).
std::span<const rule_info> all_rules();
// nullptr when no rule has that id.
const rule_info* find_rule(std::string_view id);

} // namespace gpucheck::rules
