#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_svg_labels.py [SVG...]: every text label of the course's SVG figures can be read.

Two mistakes a renderer can make without any test noticing (issue 47: lesson 04's stale-queue.svg
read "0.4 ms" for "10.4 ms", two-methods.svg "t0tart" and "st1p"):
- a label covered: a filled rectangle drawn after the text (so on top of it) crosses its box;
- labels overlapping: the boxes of two texts cross.
A text's box is estimated from its font size and length, with the advance widths the renderer
itself lays text out by (checker/report/detail/text_measure.cpp, close to DejaVu Sans, the
figures' font; a CJK character 1 em, bold 8% wider); the box runs from the baseline up by
0.72 em and down by 0.2 em, and is placed by text-anchor. Boxes are
shrunk by a pixel on each side before they are compared, so that touching is not crossing.
Without arguments: every SVG committed in git (git ls-files '*.svg'), else every one found."""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SVG = "{http://www.w3.org/2000/svg}"
SLACK = 1.0  # px taken off each side of a box: touching is not crossing


def number(value, default=0.0):
    try:
        return float(re.sub(r"[a-z%]+$", "", value)) if value is not None else default
    except ValueError:
        return default


def advance_em(ch):
    """text_measure.cpp's advance_em, and 1 em for a CJK character."""
    if ord(ch) >= 0x2E80:
        return 1.0
    if ord(ch) >= 0x80:
        return 0.62
    if ch in "iljI.,:;'|!()[]{} ":
        return 0.32
    if ch in "frt-/\\\"*":
        return 0.42
    if ch in "mwMW@%":
        return 0.95
    return 0.70 if "A" <= ch <= "Z" else 0.62


def text_width(text, size, bold=False):
    return sum(advance_em(ch) for ch in text) * size * (1.08 if bold else 1.0)


def elements(svg_path):
    """(kind, box, text, attributes) in document order: kind 'text' or 'rect'."""
    root = ElementTree.parse(svg_path).getroot()
    inherited_size = number(root.get("font-size"), 12.0)
    found = []
    for element in root.iter():
        tag = element.tag.replace(SVG, "")
        if tag == "text":
            label = "".join(element.itertext()).strip()
            if not label:
                continue
            size = number(element.get("font-size"), inherited_size)
            x, y = number(element.get("x")), number(element.get("y"))
            width = text_width(label, size, element.get("font-weight") == "bold")
            anchor = element.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            found.append(("text", (left, y - 0.72 * size, left + width, y + 0.2 * size), label,
                          element.attrib))
        elif tag == "rect":
            fill = element.get("fill", "#000000")
            opacity = number(element.get("opacity"), 1.0) * number(element.get("fill-opacity"), 1.0)
            if fill in ("none", "transparent") or fill.startswith("url(") or opacity < 0.5:
                continue  # a frame, a hatch or a tint: the text shows through
            x, y = number(element.get("x")), number(element.get("y"))
            found.append(("rect", (x, y, x + number(element.get("width")),
                                   y + number(element.get("height"))), None, element.attrib))
    return found


def crossing(a, b):
    return (min(a[2], b[2]) - max(a[0], b[0]) > 2 * SLACK and
            min(a[3], b[3]) - max(a[1], b[1]) > 2 * SLACK)


def problems(svg_path):
    found = elements(svg_path)
    said = []
    texts = [(i, item) for i, item in enumerate(found) if item[0] == "text"]
    for i, (_, box, label, _) in texts:
        for later in found[i + 1:]:
            if later[0] == "rect" and crossing(box, later[1]):
                said.append(f'"{label}" is covered by a rectangle drawn after it at '
                            f'x={later[1][0]:g}, y={later[1][1]:g}')
                break
    for n, (i, (_, box, label, _)) in enumerate(texts):
        for _, (_, other, other_label, _) in texts[n + 1:]:
            if crossing(box, other):
                said.append(f'"{label}" and "{other_label}" overlap')
    return said


FIXTURES = "book/tests/fixtures/svg-labels/"  # wrong on purpose: this check's own test


def committed_svgs():
    done = subprocess.run(["git", "-C", ROOT, "ls-files", "*.svg"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, check=False)
    if done.returncode == 0 and done.stdout.strip():
        return [os.path.join(ROOT, p) for p in done.stdout.split() if not p.startswith(FIXTURES)]
    return [os.path.join(d, f) for d, _, files in os.walk(ROOT) if "/build" not in d
            for f in files if f.endswith(".svg") and FIXTURES not in os.path.join(d, f)]


def main():
    paths = sys.argv[1:] or committed_svgs()
    failed = 0
    for path in paths:
        for problem in problems(path):
            print(f"{os.path.relpath(path, ROOT)}: {problem}")
            failed += 1
    print(f"{len(paths)} SVG(s), {failed} label problem(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
