// SPDX-License-Identifier: MIT
// A tiny SVG builder: elements appended to a string with escaped text and locale-independent
// numbers, so that the same input always gives the same bytes (the golden tests rely on it).
#pragma once

#include <string>
#include <string_view>

namespace gpucheck::report {

// Text made safe for XML character data and attribute values: & < > " ' become entities, bytes
// that are not valid UTF-8 and control characters XML 1.0 forbids become '?'.
std::string escape_xml(std::string_view text);

// `value` with at most `decimals` digits after the point, trailing zeros dropped ("12.5", "3",
// "-0.25"). Never depends on the C locale (std::to_chars), so goldens match on every machine.
std::string format_number(double value, int decimals = 2);

// How a shape is painted. Empty strings leave the attribute out.
struct svg_paint {
  std::string fill = "none";
  std::string stroke;
  double stroke_width_px = 1.0;
  std::string dash;     // stroke-dasharray, e.g. "4 3"
  double opacity = 1.0; // applies to the whole element
};

struct svg_text_style {
  double size_px = 11.0;
  std::string fill = "#222222";
  std::string anchor = "start"; // "start", "middle", "end"
  bool bold = false;
  bool italic = false;
};

class svg_writer {
public:
  void rect(double x, double y, double width, double height, const svg_paint& paint,
            std::string_view tooltip = {});
  void line(double x1, double y1, double x2, double y2, const svg_paint& paint);
  void path(std::string_view d, const svg_paint& paint);
  void circle(double cx, double cy, double r, const svg_paint& paint);
  void text(double x, double y, std::string_view content, const svg_text_style& style);
  void comment(std::string_view content); // section markers that make goldens easy to diff
  void open_group(std::string_view attributes = {});
  void close_group();
  void raw(std::string_view markup); // trusted markup written by the renderer itself (<defs>)

  // The finished document: XML declaration, <svg> root with its size and a <title>, a white
  // background (PNG conversions are otherwise transparent), then everything appended so far.
  std::string finish(double width_px, double height_px, std::string_view title) const;

private:
  std::string m_body;
};

} // namespace gpucheck::report
