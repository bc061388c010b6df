// SPDX-License-Identifier: MIT
#include "timeline/detail/findings_list.hpp"

#include "timeline/detail/text_measure.hpp"
#include "timeline/detail/timeline_palette.hpp"

#include <string>

namespace gpucheck::report::detail {

namespace {

constexpr double heading_px = 24;
constexpr double line_px = 15;
constexpr double gap_px = 7;
constexpr double text_px = 11;
constexpr double indent_px = 22;

struct list_line {
  double y_px; // baseline, from the list's top
  double x_px; // from the list's left
  std::string text;
  svg_text_style style;
  int badge = 0; // a numbered circle left of this line, when > 0
  const char* badge_colour = "";
};

std::vector<list_line> lay_out(const std::vector<rules::finding>& findings, bool any_interval,
                               double width_px) {
  std::vector<list_line> lines;
  double y_px = 14;
  lines.push_back({y_px, 0, "Findings", {13, text_colour, "start", true}});
  y_px += heading_px - 14;
  if (findings.empty()) {
    y_px += line_px;
    lines.push_back({y_px,
                     0,
                     any_interval ? "None: nothing wrong was found in how these intervals were "
                                    "timed."
                                  : "None: the program timed no interval with a clock or events.",
                     {text_px, text_colour, "start"}});
    return lines;
  }
  const double wrap_px = width_px - indent_px;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const rules::finding& finding = findings[i];
    const char* colour = interval_colour(finding.level);
    y_px += line_px;
    const std::string level = finding.level == rules::severity::error ? "error" : "warning";
    lines.push_back({y_px,
                     indent_px,
                     finding.rule + " (" + level + ")",
                     {text_px, colour, "start", true},
                     static_cast<int>(i) + 1,
                     colour});
    for (const std::string& text : wrap_text(finding.message, wrap_px, text_px)) {
      y_px += line_px;
      lines.push_back({y_px, indent_px, text, {text_px, text_colour, "start"}});
    }
    if (!finding.hint.empty()) {
      for (const std::string& text : wrap_text("Fix: " + finding.hint, wrap_px, text_px)) {
        y_px += line_px;
        lines.push_back({y_px, indent_px, text, {text_px, muted_text_colour, "start"}});
      }
    }
    if (!finding.lesson.empty()) {
      y_px += line_px;
      lines.push_back({y_px,
                       indent_px,
                       fit_text("See " + finding.lesson, wrap_px, text_px),
                       {text_px, muted_text_colour, "start", false, true}});
    }
    y_px += gap_px;
  }
  return lines;
}

} // namespace

double findings_list_height(const std::vector<rules::finding>& findings, bool any_interval,
                            double width_px) {
  const std::vector<list_line> lines = lay_out(findings, any_interval, width_px);
  return lines.back().y_px + 8;
}

void draw_findings_list(svg_writer& out, const std::vector<rules::finding>& findings,
                        bool any_interval, double x_px, double top_px, double width_px) {
  out.comment("findings");
  for (const list_line& line : lay_out(findings, any_interval, width_px)) {
    if (line.badge > 0) {
      out.circle(x_px + 8, top_px + line.y_px - 4, 7.5, {line.badge_colour, "", 1, "", 1});
      out.text(x_px + 8, top_px + line.y_px - 0.5, std::to_string(line.badge),
               {10, "#ffffff", "middle", true});
    }
    out.text(x_px + line.x_px, top_px + line.y_px, line.text, line.style);
  }
}

} // namespace gpucheck::report::detail
