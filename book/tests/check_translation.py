#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that a translated lesson (lesson.zh.md) has the structure of its lesson.md.

    check_translation.py [--lang zh] [--require-all]     every lesson that has a translation
    check_translation.py EN.md TRANSLATED.md             one pair (the tests' fixtures)

The same, in the same order: headings but the title (level and anchor: a translated heading keeps the English
anchor as an explicit id, `## 中文标题 {#the-english-anchor}`, so that links from the checker's
rules, other lessons and the book still land on it); listings (include and anchor); recorded
outputs, plots, timelines, comparisons and figures (their ids and data); images; and in the front
matter, the number and as many objectives and hints. Text is free to differ. Prints each drift with
the line in both files; exits 1 when there is one. --require-all also fails for a lesson without a
translation (until then they are listed). Standard library only.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def github_slug(heading):
    """The anchor of a heading: its explicit {#id}, else GitHub's slug of its text."""
    explicit = re.search(r"\{#([\w:.-]+)[^}]*\}\s*$", heading)
    if explicit:
        return explicit.group(1)
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def front_matter(text):
    """(front matter lines, body, the body's first line number) of a lesson."""
    if not text.startswith("---\n"):
        return [], text, 1
    end = text.find("\n---\n", 4)
    if end < 0:
        return [], text, 1
    head = text[4:end].splitlines()
    return head, text[end + 5:], len(head) + 3


def front_facts(lines):
    """number, and the count of items of each list (objectives, hints)."""
    facts, key = {}, None
    for line in lines:
        top = re.match(r"^([\w-]+):\s*(.*)$", line)
        if top:
            key = top.group(1)
            if key == "number":
                facts["number"] = top.group(2).strip().strip("\"'")
            elif key in ("objectives", "hints"):
                facts[key] = 0
        elif key in ("objectives", "hints") and re.match(r"^\s+- ", line):
            facts[key] += 1
    return facts


# Attributes of a fenced block that name what it shows, not how it is worded.
KEPT_ATTRIBUTES = ("include", "anchor", "lesson", "run", "trace", "example", "x", "y")


def block_key(info):
    """A fenced block's identity: its classes, #id and the attributes that name data."""
    info = info.strip().lstrip("{").rstrip("}")
    classes = re.findall(r"(?:^|\s)\.([\w-]+)", info)
    ident = re.findall(r"(?:^|\s)#([\w:.-]+)", info)
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', info))
    kept = [f'{name}="{attributes[name]}"' for name in KEPT_ATTRIBUTES if name in attributes]
    return " ".join([f".{c}" for c in classes] + [f"#{i}" for i in ident] + kept)


def structure(path):
    """(front matter facts, [(line, kind, key)]) of a lesson file."""
    text = open(path, encoding="utf-8").read()
    head, body, first_line = front_matter(text)
    items, fenced = [], False
    for offset, line in enumerate(body.splitlines()):
        number = first_line + offset
        fence = re.match(r"^(`{3,}|~{3,})\s*(.*)$", line)
        if fence:
            if not fenced and fence.group(2).startswith("{"):
                items.append((number, "block", block_key(fence.group(2))))
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = re.match(r"^(#{1,6}) (.*)$", line)
        if heading:
            items.append((number, f"heading {len(heading.group(1))}", github_slug(heading.group(2))))
        for image in re.findall(r"!\[[^\]]*\]\(([^)\s]+)[^)]*\)(\{[^}]*\})?", line):
            items.append((number, "image", image[0] + (" " + block_key(image[1][1:-1])
                                                       if image[1] else "")))
    # The lesson's title as its first heading is the front matter's title (the book drops it):
    # its words, and so its anchor, are free to differ.
    if items and items[0][1] == "heading 1":
        items = items[1:]
    facts = front_facts(head)
    # The hints live beside the text (hints.md, hints.zh.md: issue 47), as many in each language.
    name = os.path.basename(path)
    hints = os.path.join(os.path.dirname(path), "hints." + name[len("lesson."):])
    if name.startswith("lesson.") and os.path.isfile(hints):
        facts["hints"] = len(re.findall(r"(?m)^\d+\. ", open(hints, encoding="utf-8").read()))
    return facts, items


def compare(english, translated):
    """Every way `translated` drifts from `english`, as lines to print."""
    problems = []
    en_facts, en_items = structure(english)
    tr_facts, tr_items = structure(translated)
    en_name, tr_name = os.path.relpath(english, ROOT), os.path.relpath(translated, ROOT)
    for key in sorted(set(en_facts) | set(tr_facts)):
        if en_facts.get(key) != tr_facts.get(key):
            what = "number" if key == "number" else f"count of {key}"
            problems.append(f"{tr_name}: front matter: {what} is {tr_facts.get(key, 'missing')}, "
                            f"{en_name} has {en_facts.get(key, 'none')}")
    for i in range(max(len(en_items), len(tr_items))):
        en = en_items[i] if i < len(en_items) else None
        tr = tr_items[i] if i < len(tr_items) else None
        if en and tr and en[1:] == tr[1:]:
            continue
        if tr is None:
            problems.append(f"{tr_name}: ends before {en_name}:{en[0]}'s {en[1]} {en[2]}")
        elif en is None:
            problems.append(f"{tr_name}:{tr[0]}: {tr[1]} {tr[2]} is not in {en_name}")
        else:
            fix = ""
            if en[1] == tr[1] and en[1].startswith("heading") and not tr[2].isascii():
                fix = f" (keep the English anchor: end the heading with {{#{en[2]}}})"
            problems.append(f"{tr_name}:{tr[0]}: {tr[1]} {tr[2]}, where {en_name}:{en[0]} has "
                            f"{en[1]} {en[2]}{fix}")
        break  # after the first drift everything else is shifted: one line says it
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pair", nargs="*", help="EN.md TRANSLATED.md")
    parser.add_argument("--lang", default="zh")
    parser.add_argument("--require-all", action="store_true")
    args = parser.parse_args()
    if args.pair and len(args.pair) != 2:
        parser.error("give two files, the English one first, or none")
    pairs, missing = [], []
    if args.pair:
        pairs.append(tuple(os.path.abspath(p) for p in args.pair))
    else:
        lessons_dir = os.path.join(ROOT, "lessons")
        for folder in sorted(os.listdir(lessons_dir)):
            english = os.path.join(lessons_dir, folder, "lesson.md")
            translated = os.path.join(lessons_dir, folder, f"lesson.{args.lang}.md")
            if not re.match(r"^\d\d-", folder) or not os.path.isfile(english):
                continue
            if os.path.isfile(translated):
                pairs.append((english, translated))
            else:
                missing.append(f"lessons/{folder}")
    problems = []
    for english, translated in pairs:
        found = compare(english, translated)
        problems += found
        print(f"{os.path.relpath(translated, ROOT)}: "
              f"{'drifts from' if found else 'has the structure of'} {os.path.relpath(english, ROOT)}")
    if missing:
        line = f"not translated into {args.lang} yet: {', '.join(missing)}"
        if args.require_all:
            problems.append(line)
        else:
            print(line)
    for problem in problems:
        print(f"FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
