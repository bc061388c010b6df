// SPDX-License-Identifier: MIT
#include "report/svg_writer.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace gpucheck::report {

namespace {

// Length of the UTF-8 sequence starting at `text[i]`, or 0 when it is not a valid one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  } else {
    return 0;
  }
  if (i + length > text.size()) {
    return 0;
  }
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      return 0;
    }
  }
  return length;
}

void append_paint(std::string& out, const svg_paint& paint) {
  out += " fill=\"" + escape_xml(paint.fill) + "\"";
  if (!paint.stroke.empty()) {
    out += " stroke=\"" + escape_xml(paint.stroke) + "\" stroke-width=\"" +
           format_number(paint.stroke_width_px) + "\"";
  }
  if (!paint.dash.empty()) {
    out += " stroke-dasharray=\"" + escape_xml(paint.dash) + "\"";
  }
  if (paint.opacity < 1.0) {
    out += " opacity=\"" + format_number(paint.opacity) + "\"";
  }
}

} // namespace

std::string escape_xml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F ? '?' : char(c);
      }
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out += '?';
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string format_number(double value, int decimals) {
  if (!std::isfinite(value)) {
    return "0";
  }
  const double scale = std::pow(10.0, decimals);
  double rounded = std::round(value * scale) / scale;
  if (rounded == 0.0) {
    rounded = 0.0; // no "-0"
  }
  std::array<char, 64> buffer{};
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), rounded,
                                          std::chars_format::fixed, decimals);
  if (error != std::errc{}) {
    return "0";
  }
  std::string out(buffer.data(), end);
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') {
      out.pop_back();
    }
    if (out.back() == '.') {
      out.pop_back();
    }
  }
  return out;
}

void svg_writer::rect(double x, double y, double width, double height, const svg_paint& paint,
                      std::string_view tooltip) {
  m_body += "<rect x=\"" + format_number(x) + "\" y=\"" + format_number(y) + "\" width=\"" +
            format_number(width) + "\" height=\"" + format_number(height) + "\"";
  append_paint(m_body, paint);
  if (tooltip.empty()) {
    m_body += "/>\n";
  } else {
    // Browsers show <title> on hover: the full kernel name and times the block is too small for.
    m_body += "><title>" + escape_xml(tooltip) + "</title></rect>\n";
  }
}

void svg_writer::line(double x1, double y1, double x2, double y2, const svg_paint& paint) {
  m_body += "<line x1=\"" + format_number(x1) + "\" y1=\"" + format_number(y1) + "\" x2=\"" +
            format_number(x2) + "\" y2=\"" + format_number(y2) + "\"";
  append_paint(m_body, paint);
  m_body += "/>\n";
}

void svg_writer::path(std::string_view d, const svg_paint& paint) {
  m_body += "<path d=\"" + escape_xml(d) + "\"";
  append_paint(m_body, paint);
  m_body += "/>\n";
}

void svg_writer::circle(double cx, double cy, double r, const svg_paint& paint) {
  m_body += "<circle cx=\"" + format_number(cx) + "\" cy=\"" + format_number(cy) + "\" r=\"" +
            format_number(r) + "\"";
  append_paint(m_body, paint);
  m_body += "/>\n";
}

void svg_writer::text(double x, double y, std::string_view content, const svg_text_style& style) {
  m_body += "<text x=\"" + format_number(x) + "\" y=\"" + format_number(y) + "\" font-size=\"" +
            format_number(style.size_px) + "\" fill=\"" + escape_xml(style.fill) + "\"";
  if (style.anchor != "start") {
    m_body += " text-anchor=\"" + escape_xml(style.anchor) + "\"";
  }
  if (style.bold) {
    m_body += " font-weight=\"bold\"";
  }
  if (style.italic) {
    m_body += " font-style=\"italic\"";
  }
  m_body += ">" + escape_xml(content) + "</text>\n";
}

void svg_writer::comment(std::string_view content) {
  std::string safe(content);
  for (std::size_t at = safe.find("--"); at != std::string::npos; at = safe.find("--")) {
    safe.replace(at, 2, "- "); // "--" may not appear inside an XML comment
  }
  m_body += "<!-- " + escape_xml(safe) + " -->\n";
}

void svg_writer::open_group(std::string_view attributes) {
  m_body += attributes.empty() ? "<g>\n" : "<g " + std::string(attributes) + ">\n";
}

void svg_writer::close_group() {
  m_body += "</g>\n";
}

void svg_writer::raw(std::string_view markup) {
  m_body += markup;
}

std::string svg_writer::finish(double width_px, double height_px, std::string_view title) const {
  const std::string width = format_number(width_px);
  const std::string height = format_number(height_px);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height +
         "\" viewBox=\"0 0 " + width + " " + height +
         "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  out += "<title>" + escape_xml(title) + "</title>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + width + "\" height=\"" + height +
         "\" fill=\"#ffffff\"/>\n";
  out += m_body;
  out += "</svg>\n";
  return out;
}

} // namespace gpucheck::report
