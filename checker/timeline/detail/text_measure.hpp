// SPDX-License-Identifier: MIT
// Text extents without a font engine. SVG cannot wrap or shrink text by itself, and the renderer
// must decide where a label fits before writing it; an estimate from DejaVu Sans' advance widths
// (slightly generous, so that Arial, narrower, also fits) is enough to avoid overlaps.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpucheck::report::detail {

double text_width_px(std::string_view text, double font_size_px, bool bold = false);

// `text` cut to fit `max_width_px` with a trailing "…", or "" when not even 3 characters fit.
std::string fit_text(std::string_view text, double max_width_px, double font_size_px,
                     bool bold = false);

// Greedy word wrap into lines no wider than `max_width_px` (a single over-long word is cut).
std::vector<std::string> wrap_text(std::string_view text, double max_width_px, double font_size_px);

} // namespace gpucheck::report::detail
