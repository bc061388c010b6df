// SPDX-License-Identifier: MIT
#include "timeline/detail/legend.hpp"

#include "timeline/detail/text_measure.hpp"
#include "timeline/detail/timeline_palette.hpp"

namespace gpucheck::report::detail {

namespace {

constexpr double row_px = 18;
constexpr double swatch_px = 16;
constexpr double text_px = 10;
constexpr double item_gap_px = 16;

double item_width(const legend_item& item) {
  return swatch_px + 5 + text_width_px(item.text, text_px) + item_gap_px;
}

// Positions of the items, wrapped into rows; y is the row index.
template <typename Visit>
int walk(const std::vector<legend_item>& items, double width_px, Visit&& visit) {
  double x_px = 0;
  int row = 0;
  for (const legend_item& item : items) {
    const double w = item_width(item);
    if (x_px > 0 && x_px + w > width_px) {
      x_px = 0;
      ++row;
    }
    visit(item, x_px, row);
    x_px += w;
  }
  return row + 1;
}

void draw_symbol(svg_writer& out, const legend_item& item, double x, double middle_y) {
  const double right = x + swatch_px;
  switch (item.symbol) {
  case legend_symbol::block: {
    const block_colours colours = colours_of(item.kind);
    out.rect(x, middle_y - 5, swatch_px, 10, {colours.fill, colours.stroke, 0.8, "", 1});
    break;
  }
  case legend_symbol::clock_tick:
    out.line(x + swatch_px / 2, middle_y - 6, x + swatch_px / 2, middle_y + 5,
             {"none", "#222222", 1.6, "", 1});
    break;
  case legend_symbol::bracket:
    out.path("M" + format_number(x) + " " + format_number(middle_y + 5) + "V" +
                 format_number(middle_y - 3) + "H" + format_number(right) + "V" +
                 format_number(middle_y + 5),
             {"none", "#333333", 2, "", 1});
    break;
  case legend_symbol::event_mark:
    out.path("M" + format_number(x + 3.5) + " " + format_number(middle_y - 4) + "L" +
                 format_number(x + 12.5) + " " + format_number(middle_y - 4) + "L" +
                 format_number(x + 8) + " " + format_number(middle_y + 3) + "Z",
             {"#333333", "#333333", 1.2, "", 1});
    break;
  case legend_symbol::link:
    out.line(x, middle_y - 5, right - 2, middle_y + 4, {"none", link_colour, 0.9, "3 2", 1});
    out.circle(right - 2, middle_y + 4, 1.8, {link_colour, "", 1, "", 1});
    break;
  case legend_symbol::not_measured:
    out.rect(x, middle_y - 6, swatch_px, 12, {not_measured_colour, "", 1, "", 0.18});
    break;
  case legend_symbol::included:
    out.rect(x, middle_y - 6, swatch_px, 12, {included_colour, "", 1, "", 0.08});
    out.rect(x, middle_y - 6, swatch_px, 12, {"url(#included-hatch)", "", 1, "", 1});
    break;
  }
}

} // namespace

std::vector<legend_item> legend_items(const legend_contents& contents) {
  std::vector<legend_item> items;
  for (block_kind kind : contents.kinds) {
    items.push_back({legend_symbol::block, kind, colours_of(kind).legend});
  }
  if (contents.clock_reads) {
    items.push_back({legend_symbol::clock_tick, {}, "host clock read"});
  }
  if (contents.brackets) {
    items.push_back({legend_symbol::bracket, {}, "what the program measured"});
  }
  if (contents.event_marks) {
    items.push_back({legend_symbol::event_mark, {}, "event completes on the GPU"});
  }
  if (contents.links) {
    items.push_back({legend_symbol::link, {}, "launch → where its work ran"});
  }
  if (contents.not_measured) {
    items.push_back({legend_symbol::not_measured, {}, "GPU work after the clock stopped"});
  }
  if (contents.included) {
    items.push_back({legend_symbol::included, {}, "earlier queued work inside the interval"});
  }
  return items;
}

double legend_height(const std::vector<legend_item>& items, double width_px) {
  if (items.empty()) {
    return 0;
  }
  return walk(items, width_px, [](const legend_item&, double, int) {}) * row_px + 4;
}

void draw_legend(svg_writer& out, const std::vector<legend_item>& items, double x_px, double top_px,
                 double width_px) {
  out.comment("legend");
  walk(items, width_px, [&](const legend_item& item, double item_x_px, int row) {
    const double middle_y_px = top_px + row * row_px + row_px / 2;
    draw_symbol(out, item, x_px + item_x_px, middle_y_px);
    out.text(x_px + item_x_px + swatch_px + 5, middle_y_px + 3.5, item.text,
             {text_px, text_colour, "start"});
  });
}

} // namespace gpucheck::report::detail
