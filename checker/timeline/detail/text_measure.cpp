// SPDX-License-Identifier: MIT
#include "timeline/detail/text_measure.hpp"

#include <string_view>

namespace gpucheck::report::detail {

namespace {

// Advance width of one character in em, close to DejaVu Sans Book.
double advance_em(unsigned char c) {
  if (c >= 0x80) {
    return 0.62; // a UTF-8 byte; only the lead byte is counted (see text_width_px)
  }
  constexpr std::string_view narrow = "iljI.,:;'|!()[]{} ";
  constexpr std::string_view semi = "frt-/\\\"*";
  constexpr std::string_view wide = "mwMW@%";
  if (narrow.find(char(c)) != std::string_view::npos) {
    return 0.32;
  }
  if (semi.find(char(c)) != std::string_view::npos) {
    return 0.42;
  }
  if (wide.find(char(c)) != std::string_view::npos) {
    return 0.95;
  }
  if (c >= 'A' && c <= 'Z') {
    return 0.70;
  }
  return 0.62;
}

bool is_continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

} // namespace

double text_width_px(std::string_view text, double font_size_px, bool bold) {
  double em = 0;
  for (char c : text) {
    if (!is_continuation(static_cast<unsigned char>(c))) {
      em += advance_em(static_cast<unsigned char>(c));
    }
  }
  return em * font_size_px * (bold ? 1.08 : 1.0);
}

std::string fit_text(std::string_view text, double max_width_px, double font_size_px, bool bold) {
  if (text_width_px(text, font_size_px, bold) <= max_width_px) {
    return std::string(text);
  }
  const double ellipsis_px = text_width_px("…", font_size_px, bold);
  std::string out;
  int characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::size_t end = i + 1;
    while (end < text.size() && is_continuation(static_cast<unsigned char>(text[end]))) {
      ++end;
    }
    const std::string candidate = out + std::string(text.substr(i, end - i));
    if (text_width_px(candidate, font_size_px, bold) + ellipsis_px > max_width_px) {
      break;
    }
    out = candidate;
    ++characters;
    i = end - 1;
  }
  return characters < 3 ? std::string() : out + "…";
}

std::vector<std::string> wrap_text(std::string_view text, double max_width_px,
                                   double font_size_px) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    const std::string_view word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) {
      continue;
    }
    const std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
    if (text_width_px(candidate, font_size_px) <= max_width_px || line.empty()) {
      line = candidate;
    } else {
      lines.push_back(line);
      line = std::string(word);
    }
    if (text_width_px(line, font_size_px) > max_width_px) {
      lines.push_back(fit_text(line, max_width_px, font_size_px));
      line.clear();
    }
  }
  if (!line.empty()) {
    lines.push_back(line);
  }
  return lines;
}

} // namespace gpucheck::report::detail
