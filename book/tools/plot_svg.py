#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A line plot as a self-contained SVG, from a measured-output file (lessons/<lesson>/results/...).

The data is the first table in the file whose header line names the --x column and every --y
column (fields separated by whitespace, commas or tabs); its rows are the lines after it whose
fields are all numbers. Header lines `# key: value` are skipped. Standard library only.

    plot_svg.py --data FILE --out OUT.svg --x N --y cold_ms,warm_ms [--logx] [--logy]
                [--xlabel TEXT] [--ylabel TEXT] [--title TEXT] [--labels A,B]
"""
import argparse
import math
import re
import sys
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 78, 20, 40, 58
COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]
FONT = "font-family=\"DejaVu Sans, Noto Sans, sans-serif\""


def fail(message):
    print(f"plot_svg: {message}", file=sys.stderr)
    sys.exit(1)


def split(line):
    return [f for f in re.split(r"[\s,]+", line.strip()) if f]


def number(text):
    try:
        return float(text.rstrip("s").rstrip("m")) if text not in ("", "-") else None
    except ValueError:
        return None


def read_table(path, x, ys):
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if not re.match(r"^# [\w-]+:", l)]
    for i, line in enumerate(lines):
        names = split(line.lstrip("#"))
        if x in names and all(y in names for y in ys):
            rows = []
            for row_line in lines[i + 1:]:
                fields = split(row_line)
                values = [number(v) for v in fields]
                if len(fields) != len(names) or any(v is None for v in values):
                    if rows:
                        break
                    continue
                rows.append(dict(zip(names, values)))
            if not rows:
                fail(f"{path}: the table with columns {x}, {', '.join(ys)} has no numeric rows")
            return rows
    fail(f"{path}: no table header naming {x} and {', '.join(ys)}")


def nice_ticks(low, high, log):
    if log:
        first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
        return [10.0 ** e for e in range(first, last + 1)]
    span = high - low or abs(high) or 1.0
    step = 10 ** math.floor(math.log10(span / 5))
    for factor in (1, 2, 5, 10):
        if span / (step * factor) <= 6:
            step *= factor
            break
    start = math.floor(low / step) * step
    ticks, t = [], start
    while t <= high + step * 0.5:
        ticks.append(round(t, 12))
        t += step
    return ticks


def label(value):
    if value == 0:
        return "0"
    if abs(value) >= 1e4 or abs(value) < 1e-3:
        exponent = int(math.floor(math.log10(abs(value))))
        mantissa = value / 10 ** exponent
        return (f"{mantissa:g}×" if abs(mantissa - 1) > 1e-9 else "") + f"10^{exponent}"
    return f"{value:g}"


def tick_text(value):
    text = escape(label(value))
    return re.sub(r"\^(-?\d+)", r'<tspan baseline-shift="super" font-size="9">\1</tspan>', text)


def axis(values, log):
    if log:
        values = [v for v in values if v > 0]
        if not values:
            fail("a logarithmic axis needs positive values")
    ticks = nice_ticks(min(values), max(values), log)
    low, high = min(ticks[0], min(values)), max(ticks[-1], max(values))
    if log:
        low, high = math.log10(low), math.log10(high)
    if high == low:
        high = low + 1
    return ticks, low, high


def render(rows, x, ys, args):
    # A row may lack a value (nan: not measured, e.g. a CPU run skipped as too slow).
    xs_all = [r[x] for r in rows if math.isfinite(r[x])]
    ys_all = [r[y] for r in rows for y in ys if math.isfinite(r[y])]
    if not xs_all or not ys_all:
        fail("no finite values to plot")
    xticks, xlo, xhi = axis(xs_all, args.logx)
    yticks, ylo, yhi = axis(ys_all + ([] if args.logy else [0.0]), args.logy)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(v):
        v = math.log10(v) if args.logx else v
        return LEFT + (v - xlo) / (xhi - xlo) * plot_w

    def py(v):
        v = math.log10(v) if args.logy else v
        return TOP + plot_h - (v - ylo) / (yhi - ylo) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" {FONT} font-size="13">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    if args.title:
        out.append(f'<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{escape(args.title)}</text>')
    for t in xticks:
        X = px(t)
        out.append(f'<line x1="{X:.1f}" y1="{TOP}" x2="{X:.1f}" y2="{TOP + plot_h}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{X:.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{tick_text(t)}</text>')
    for t in yticks:
        Y = py(t)
        out.append(f'<line x1="{LEFT}" y1="{Y:.1f}" x2="{LEFT + plot_w}" y2="{Y:.1f}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{LEFT - 8}" y="{Y + 4:.1f}" text-anchor="end">{tick_text(t)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#444"/>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 14}" text-anchor="middle">'
               f'{escape(args.xlabel or x)}</text>')
    out.append(f'<text transform="translate(18 {TOP + plot_h / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{escape(args.ylabel or ", ".join(ys))}</text>')
    names = args.labels.split(",") if args.labels else ys
    names = names + ys[len(names):]
    legend_x, x_at = [], WIDTH - RIGHT
    for name in reversed(names[:len(ys)]):  # right-aligned above the plot
        x_at -= 48 + 7.6 * len(name)
        legend_x.insert(0, x_at)
    for i, y in enumerate(ys):
        colour = COLOURS[i % len(COLOURS)]
        points = [(px(r[x]), py(r[y])) for r in sorted(rows, key=lambda r: r[x])
                  if math.isfinite(r[x]) and math.isfinite(r[y])
                  and (not args.logx or r[x] > 0) and (not args.logy or r[y] > 0)]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for a, b in points:
            out.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="3.2" fill="{colour}"/>')
        lx = legend_x[i]
        out.append(f'<line x1="{lx}" y1="{TOP - 14}" x2="{lx + 22}" y2="{TOP - 14}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<circle cx="{lx + 11}" cy="{TOP - 14}" r="3.2" fill="{colour}"/>')
        out.append(f'<text x="{lx + 28}" y="{TOP - 10}">{escape(names[i])}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--x", required=True)
    parser.add_argument("--y", required=True, help="comma-separated column names")
    parser.add_argument("--logx", action="store_true")
    parser.add_argument("--logy", action="store_true")
    parser.add_argument("--xlabel")
    parser.add_argument("--ylabel")
    parser.add_argument("--title")
    parser.add_argument("--labels", help="comma-separated names of the --y series, for the legend")
    args = parser.parse_args()
    ys = [y for y in args.y.split(",") if y]
    if not args.x or not ys:
        fail("--x and --y name the columns to plot")
    rows = read_table(args.data, args.x, ys)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(render(rows, args.x, ys, args))


if __name__ == "__main__":
    main()
