#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Counts the prose words of each lesson's text, lesson.md and lesson.zh.md (issue 41's budget).

    tools/prose_words.py [--max-lesson N] [--max-course N] [--over-list FILE] [LESSON_DIR...]

Prose is what a student reads as sentences: the text outside
- the YAML front matter (the `---` block at the top),
- fenced blocks (``` or ~~~: listings, recorded outputs, timelines, any code),
- HTML comments (<!-- ... -->, also over several lines),
- the regions tools/lesson_text.py writes: a figure (<!-- lesson-text: figure --> to
  <!-- lesson-text: end -->) and the chapter's end (<!-- lesson-text: chapter-end --> to the last
  <!-- lesson-text: end -->), which are drawn from data, not written.
Headings, list items, tables and inline code are prose. Link and image targets (`](...)`), pandoc
attributes (`{#anchor}`, `{.class}`) and table rules (`|---|`) are not.

An English word is a run of characters without spaces that holds a letter or a digit ("`cudaFree`",
"2,000" and "H200" are one word each; "-" and "|" alone are none).

Chinese is not written in words. A Chinese text counts its CJK characters (ideographs; CJK and
full-width punctuation counts for nothing) divided by CJK_PER_WORD and rounded up, plus its
non-CJK words counted as in English (code names, numbers, units). CJK_PER_WORD is 1.7: the
course's own translations, when this tool was written, held 1.7 CJK characters for each English
word they translated (lessons 00-09, each between 1.64 and 1.73: the CJK characters of
lesson.zh.md over the English words of lesson.md less the words the Chinese text keeps in Latin
letters). So a faithful translation counts about as many words as its English text, and the same
limits apply to both.

Prints one line a lesson (its English and Chinese counts) and the course's totals. With
--max-lesson and --max-course it exits 1 when a text or a course total is over its limit,
naming each one as a compiler would. --over-list FILE names the texts still over (a ratchet, to be
emptied): a listed text over the limit is reported, not
failed; a listed text within it fails (remove its line). A line is `NN-slug en`, `NN-slug zh`,
`course en` or `course zh`; `#` starts a comment.
"""
import argparse
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CJK_PER_WORD = 1.7
LANGUAGES = (("en", "lesson.md"), ("zh", "lesson.zh.md"))

FIGURE_BEGIN = "<!-- lesson-text: figure -->"
CHAPTER_END_BEGIN = "<!-- lesson-text: chapter-end -->"
REGION_END = "<!-- lesson-text: end -->"
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
# CJK ideographs (unified, extension A, compatibility): the characters a Chinese word is made of.
CJK_CHAR = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Punctuation and symbols of CJK text (、。「」《》, full-width forms): neither word nor character.
CJK_PUNCT = re.compile("[\u3000-\u303f\uff00-\uffef\u2018-\u201f\u2026\u00b7]")
WORD = re.compile(r"\S+")
HAS_LETTER_OR_DIGIT = re.compile(r"[^\W_]")


def prose_lines(text):
    """The lines of a lesson text that are prose (see the module's doc), HTML comments removed."""
    lines = text.split("\n")
    i = 0
    if lines and lines[0].strip() == "---":  # front matter
        i = 1
        while i < len(lines) and lines[i].strip() not in ("---", "..."):
            i += 1
        i += 1
    kept = []
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:  # a fenced block closes on a line of the same character, at least as long
            mark = fence.group(1)
            i += 1
            while i < len(lines) and not re.match(
                    r"^\s{0,3}" + re.escape(mark[0]) + "{" + str(len(mark)) + r",}\s*$", lines[i]):
                i += 1
            i += 1
            continue
        if line.strip() == FIGURE_BEGIN:
            while i < len(lines) and lines[i].strip() != REGION_END:
                i += 1
            i += 1
            continue
        if line.strip() == CHAPTER_END_BEGIN:  # to the end: it holds figure regions of its own
            break
        kept.append(line)
        i += 1
    return re.sub(r"<!--.*?-->", " ", "\n".join(kept), flags=re.S)


def plain(prose):
    """Prose without markup that is not read: link targets, attributes, table rules, tags."""
    prose = re.sub(r"\]\([^)]*\)", "] ", prose)       # [text](target), ![alt](image)
    prose = re.sub(r"\{[#.][^}]*\}", " ", prose)       # {#anchor}, {.class}
    prose = re.sub(r"^\s*\|?[\s:|-]*-[\s:|-]*\|?\s*$", " ", prose, flags=re.M)  # |---|:--|
    prose = re.sub(r"</?[A-Za-z][^>]*>", " ", prose)  # <a id="...">, <br>
    return prose


def count_words(text, lang="en"):
    """The prose words of a lesson text in `lang` ("en" or "zh"), as the module's doc says."""
    prose = plain(prose_lines(text))
    cjk = len(CJK_CHAR.findall(prose))
    rest = CJK_PUNCT.sub(" ", CJK_CHAR.sub(" ", prose))
    latin = sum(1 for w in WORD.findall(rest) if HAS_LETTER_OR_DIGIT.search(w))
    if lang == "zh":
        return latin + math.ceil(cjk / CJK_PER_WORD)
    return latin + cjk


def lesson_counts(lesson_dirs):
    """{folder name: {lang: words}} for each lesson folder (a missing text is left out)."""
    counts = {}
    for lesson_dir in lesson_dirs:
        name = os.path.basename(os.path.normpath(lesson_dir))
        counts[name] = {}
        for lang, file_name in LANGUAGES:
            path = os.path.join(lesson_dir, file_name)
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as handle:
                    counts[name][lang] = count_words(handle.read(), lang)
    return counts


def read_over_list(path):
    """The set of (name, lang) an --over-list file names, and the line each is on."""
    listed = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            entry = line.split("#", 1)[0].split()
            if not entry:
                continue
            if len(entry) != 2 or entry[1] not in dict(LANGUAGES):
                raise ValueError(f"{path}:{number}: expected `NN-slug en|zh` or `course en|zh`")
            listed[(entry[0], entry[1])] = number
    return listed


def judge(counts, max_lesson, max_course, listed, over_list_path):
    """(errors, notes): each text over its limit and not listed, each listed text within it."""
    texts = [((name, lang), words, max_lesson, f"lessons/{name}/{dict(LANGUAGES)[lang]}")
             for name in sorted(counts) for lang, words in counts[name].items()]
    for lang, _ in LANGUAGES:
        total = sum(c[lang] for c in counts.values() if lang in c)
        texts.append((("course", lang), total, max_course, f"the course ({lang})"))
    errors, notes = [], []
    for key, words, limit, where in texts:
        if limit is None:
            continue
        over = words > limit
        if over and key not in listed:
            errors.append(f"{where}: error: {words} prose words, over the limit of {limit}")
        elif over:
            notes.append(f"{where}: note: {words} prose words, over the limit of {limit} "
                         f"(listed in {over_list_path}, to be cut)")
        elif key in listed:
            errors.append(f"{over_list_path}:{listed[key]}: error: {key[0]} {key[1]} is within "
                          f"the limit of {limit} ({words} prose words): remove its line")
    return errors, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-lesson", type=int, help="fail when a lesson text is over N words")
    parser.add_argument("--max-course", type=int, help="fail when a language's total is over N")
    parser.add_argument("--over-list", help="the texts still over their limit (a ratchet)")
    parser.add_argument("lessons", nargs="*", help="lesson folders (default: every lesson)")
    args = parser.parse_args()
    lesson_dirs = args.lessons or sorted(
        os.path.join(ROOT, "lessons", d) for d in os.listdir(os.path.join(ROOT, "lessons"))
        if re.match(r"^\d\d-", d) and os.path.isfile(os.path.join(ROOT, "lessons", d, "lesson.md")))
    counts = lesson_counts(lesson_dirs)
    print(f"{'prose words':<28}{'en':>7}{'zh':>7}")
    for name in sorted(counts):
        row = counts[name]
        print(f"{name:<28}{row.get('en', '-'):>7}{row.get('zh', '-'):>7}")
    totals = {lang: sum(c[lang] for c in counts.values() if lang in c) for lang, _ in LANGUAGES}
    print(f"{'course':<28}{totals['en']:>7}{totals['zh']:>7}")
    try:
        listed = read_over_list(args.over_list) if args.over_list else {}
    except (OSError, ValueError) as error:
        print(f"prose_words: {error}", file=sys.stderr)
        return 2
    errors, notes = judge(counts, args.max_lesson, args.max_course, listed, args.over_list)
    for line in notes + errors:
        print(line, file=sys.stderr if line in errors else sys.stdout)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
