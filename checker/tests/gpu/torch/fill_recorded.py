#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Puts lint outputs recorded on a GPU into the pages that show them (issue 43).

    fill_recorded.py           fill every placeholder from book/data/lint/
    fill_recorded.py --check   exit 1 if a placeholder has no recording or is not filled

The book's PyTorch appendix (book/back/pytorch.md, pytorch.zh.md), docs/lint.md and README.md
show `gpucheck lint` on the article's examples as a GPU printed it, never typed by hand. Each
place is marked in the page by two HTML comments, which stay after filling so that a new
recording replaces the old:

    <!-- recorded: example3.lint.en.txt -->
    ```text
    ...
    ```
    <!-- end recorded -->

or, where lines are scarce (the README), a code block that names its recording:

    ```{.text recorded="example3.lint.en.txt headlines"}
    ...
    ```

`headlines` keeps only the command with the GPU, and the first line (where, severity[rule],
what) of the first three findings.

The recordings come from tools/record-lint.sh (run on a GPU with PyTorch; it names the GPU in
each file, writes them into book/data/lint/ and runs this script), and are committed.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))))
RECORDED = os.path.join(ROOT, "book", "data", "lint")
PAGES = ["book/back/pytorch.md", "book/back/pytorch.zh.md", "docs/lint.md", "README.md"]
PLACE = re.compile(r"(<!-- recorded: ([\w.-]+)( headlines)? -->\n)(.*?)(<!-- end recorded -->)",
                   re.DOTALL)
BLOCK = re.compile(r'(```\{\.text recorded="([\w.-]+)( headlines)?"\}\n)(.*?)(```)', re.DOTALL)
HEADLINE = re.compile(r"^\s*\S+:\d+: .*\[[a-z-]+\]: ")
NOT_YET = "not recorded yet"
HEADLINES = 3  # the README is at most 200 lines (tools/tests/test_docs_pages.py)


def filled(page_text, missing):
    def replace(match):
        path = os.path.join(RECORDED, match.group(2))
        english = path.replace(".zh.", ".en.")
        if not os.path.isfile(path) and os.path.isfile(english):
            print(f"note: no {match.group(2)}: the Chinese page shows the English recording")
            path = english
        if not os.path.isfile(path):
            missing.append(match.group(2))
            return match.group(0)
        with open(path, encoding="utf-8") as f:
            lines = f.read().rstrip("\n").split("\n")
        if match.group(3):
            command = lines[0] + "   # on " + lines[1].removeprefix("# recorded on ")
            findings = [line.strip() for line in lines[2:] if HEADLINE.match(line)]
            lines = [command] + findings[:HEADLINES]
        body = "\n".join(lines)
        if match.group(1).startswith("```"):
            return f"{match.group(1)}{body}\n{match.group(5)}"
        return f"{match.group(1)}```text\n{body}\n```\n{match.group(5)}"
    return BLOCK.sub(replace, PLACE.sub(replace, page_text))


def main():
    check = "--check" in sys.argv[1:]
    missing, stale = [], []
    for page in PAGES:
        path = os.path.join(ROOT, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = filled(text, missing)
        if check:
            if new != text or NOT_YET in text:
                stale.append(page)
        elif new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"filled {page}")
    for name in sorted(set(missing)):
        print(f"no recording {name} in {os.path.relpath(RECORDED, ROOT)} (run tools/record-lint.sh on a GPU)")
    for page in stale:
        print(f"{page}: placeholders not filled from the recordings (run {sys.argv[0]})")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main())
