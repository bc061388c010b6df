// SPDX-License-Identifier: MIT
// The findings under the picture, numbered like the badges on the brackets: rule id and
// severity, the message with its numbers, the fix, and where the lesson teaches it.
#pragma once

#include "report/svg_writer.hpp"
#include "rules/finding.hpp"

#include <vector>

namespace gpucheck::report::detail {

double findings_list_height(const std::vector<rules::finding>& findings, bool any_interval,
                            double width_px);

void draw_findings_list(svg_writer& out, const std::vector<rules::finding>& findings,
                        bool any_interval, double x_px, double top_px, double width_px);

} // namespace gpucheck::report::detail
