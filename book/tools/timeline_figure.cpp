// SPDX-License-Identifier: MIT
// book-timeline: draws the timeline of a recorded trace as an SVG figure for the book, with the
// renderer of `gpucheck lint --timeline` (checker/timeline/timeline_svg.hpp), the same timed
// intervals and the same findings, each linked to the lesson whose front matter names its rule
// (core/lesson_catalog.hpp; a link to a lesson that does not exist is left out).
//   book-timeline TRACE.jsonl OUT.svg [--title TEXT] [--width PX]   (default 640 px)
// Exit codes: 0 written, 1 the trace could not be read or the SVG not written, 2 usage.
#include "core/lesson_catalog.hpp"
#include "rules/run_rules.hpp"
#include "rules/timed_intervals.hpp"
#include "timeline/timeline_svg.hpp"
#include "trace_model/read_trace.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

int usage() {
  std::cerr << "usage: book-timeline TRACE.jsonl OUT.svg [--title TEXT] [--width PX]\n";
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> positional;
  gpucheck::report::timeline_options options;
  // 640 px: the PDF shows a figure at its natural size (0.75 pt a pixel) up to the text width,
  // so its smallest text (10 px) is 7.5 pt on the page; at 960 px, scaled down, it was 5 pt.
  options.width_px = 640;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--title" || arg == "--width") && i + 1 < argc) {
      const std::string value = argv[++i];
      if (arg == "--title") {
        options.title = value;
      } else {
        options.width_px = std::atof(value.c_str());
        if (options.width_px < 200) {
          std::cerr << "book-timeline: --width must be at least 200 (pixels), not " << value
                    << "\n";
          return 2;
        }
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return usage();
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() != 2) {
    return usage();
  }
  const std::string& trace_path = positional[0];
  const std::string& svg_path = positional[1];

  const auto read = gpucheck::trace::read_trace_file(trace_path);
  if (!read.ok()) {
    std::cerr << "book-timeline: cannot read " << trace_path << ": " << read.error << "\n";
    return 1;
  }
  const auto& trace = *read.trace;
  const auto intervals = gpucheck::rules::find_timed_intervals(trace);
  gpucheck::rules::rule_options rule_options;
  rule_options.learn = gpucheck::course_learn_links(GPUCOURSE_SOURCE_DIR);
  auto findings = gpucheck::rules::run_rules(trace, rule_options);
  // A figure of the book never points to a lesson that is not written yet: such a link is left
  // out (and said here), so that the figure names no lesson the reader cannot open.
  for (auto& finding : findings) {
    const std::string file = finding.lesson.substr(0, finding.lesson.find('#'));
    if (!file.empty() &&
        !std::filesystem::exists(std::filesystem::path(GPUCOURSE_SOURCE_DIR) / file)) {
      std::cerr << "book-timeline: " << finding.rule << " links to " << finding.lesson
                << ", which does not exist; the figure leaves the link out\n";
      finding.lesson.clear();
    }
  }
  std::ofstream out(svg_path, std::ios::binary);
  out << gpucheck::report::render_timeline_svg(trace, intervals, findings, options);
  if (!out) {
    std::cerr << "book-timeline: cannot write " << svg_path << "\n";
    return 1;
  }
  return 0;
}
