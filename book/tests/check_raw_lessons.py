#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_raw_lessons.py [LESSON.md...]: each lesson text reads cleanly where a student reads it raw,
in a repository's viewer (issue 47):
- no hints in the front matter, above the title (they live in hints.md: make hint shows one at a
  time, and the text must not give them all away);
- no Pandoc cross-reference keys (@fig:x) outside code: a viewer shows them as they are; lesson.md
  links instead, [the figure “x”](#fig:x), which the book numbers the same way;
- each figure's caption once (the italic paragraph after the figure), not also in the image's text
  or the timeline block's attributes.
Without arguments: every lessons/NN-slug/lesson*.md."""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^(`{3,}|~{3,})")


def prose_lines(text):
    """(number, line) of the lines outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m and (fence is None or line.strip() == fence):
            fence = m.group(1) if fence is None else None
            continue
        if fence is None:
            yield number, line


def problems(path):
    text = open(path, encoding="utf-8").read()
    said = []
    if text.startswith("---\n"):
        head = text[4:text.find("\n---\n", 4)]
        if re.search(r"(?m)^hints:", head):
            said.append("the front matter holds the hints: move them to hints.md")
    for number, line in prose_lines(text):
        code_free = re.sub(r"`[^`]*`", "", line)
        for key in re.findall(r"@(?:fig|sec|tbl|lst|Fig|Sec|Tbl|Lst):[\w-]+", code_free):
            said.append(f"line {number}: {key} shows as it is in a viewer: write "
                        f"[the figure “…”](#{key[1:].lower()})")
    for number, line in prose_lines(text):
        m = re.match(r"^\*([^*].{40,})\*\s*$", line)
        if m and text.count(m.group(1)) > 1:
            said.append(f"line {number}: the caption \"{m.group(1)[:50]}…\" is written "
                        f"{text.count(m.group(1))} times")
    if re.search(r'\{\.timeline[^}]*caption="', text):
        said.append("a timeline block holds its caption: write it once, as the italic paragraph "
                    "after the figure")
    return said


def main():
    paths = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "lessons", "[0-9][0-9]-*",
                                                          "lesson*.md")))
    failed = 0
    for path in paths:
        for problem in problems(path):
            print(f"{os.path.relpath(path, ROOT)}: {problem}")
            failed += 1
    print(f"{len(paths)} lesson text(s), {failed} problem(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
