#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that every Chinese text of the course uses the glossary's term (book/glossary.tsv).

    check_glossary.py                  every Chinese text of the repository
    check_glossary.py FILE...          these files (the tests' fixtures)
    check_glossary.py --list           the texts it would check, and nothing else

The Chinese texts are found by name wherever they are in the tree, never by a fixed path: every
tracked (or new, not ignored) file whose name carries the language (`lesson.zh.md`,
`instructor.zh.md`, `words.zh.json`, `words_zh.cpp`, `words.zh.tsv`, `metadata.zh.yaml`,
...), and the book's bilingual tables (`book/**/*.tsv`: their
fields that hold Chinese). Test fixtures (`tests/fixtures/`) are left out: they drift on purpose.

What is read of each text is what a reader reads: Markdown without its code (fenced blocks, inline
code), link targets, ids and HTML comments, but with the captions of its figures; C++ string
literals (not message ids) and Chinese comments; the Chinese fields of a table. A variant there is
drift, unless it stands inside one of its entry's allowed contexts (or any entry's Chinese term), or
a marker allows it where it stands: `<!-- glossary: VARIANT -->` in Markdown, `// glossary:
VARIANT` in C++, on the same line or the line before. An English variant (`trace`) counts only
where it stands in Chinese text, not in a quoted English sentence.

Prints each drift as `path:line: “variant” → “term” (english)`; exits 1 when there is one (or
when the glossary itself is malformed, or no Chinese text was found). Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GLOSSARY = os.path.join(ROOT, "book", "glossary.tsv")
FIELDS = ["english", "chinese", "variants", "allowed", "note", "note_zh"]

# A file whose name carries the language: lesson.zh.md, words.zh.json, words.zh.tsv, zh.json...
ZH_NAME = re.compile(r"(?:^|[._-])zh[._-]")
TEXT_KINDS = {".md": "markdown", ".markdown": "markdown", ".cpp": "cpp", ".hpp": "cpp",
              ".h": "cpp", ".cc": "cpp", ".cu": "cpp", ".cuh": "cpp", ".tsv": "tsv",
              ".yaml": "yaml", ".yml": "yaml", ".json": "plain", ".txt": "plain", ".po": "plain"}
CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
MARKER = re.compile(r"glossary:\s*(.*?)\s*(?:-->|\*/|$)")


class Entry:
    def __init__(self, row, where):
        self.where = where
        self.english, chinese, variants, allowed, self.note, self.note_zh = row
        self.terms = split(chinese)
        self.term = self.terms[0] if self.terms else ""
        self.variants = split(variants)
        self.allowed = split(allowed)
        self.patterns = []
        for variant in self.variants:
            if variant.startswith("re:"):
                pattern = re.compile(variant[3:])
            elif variant.isascii():
                # A whole word: not inside code, a file name, an option or a placeholder.
                pattern = re.compile(r"(?<![\w{}./\\-])" + re.escape(variant) + r"(?![\w{}./\\-])",
                                     re.IGNORECASE)
            else:
                pattern = re.compile(re.escape(variant))
            self.patterns.append((variant, pattern))


def split(field):
    field = field.strip()
    return [] if field in ("", "-") else [part.strip() for part in field.split(" | ") if part.strip()]


def read_glossary(path):
    """(entries, problems) of a glossary file."""
    entries, problems, seen = [], [], set()
    name = os.path.relpath(path, ROOT)
    header_seen = False
    for number, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        row = line.split("\t")
        if not header_seen:
            header_seen = True
            if row != FIELDS:
                problems.append(f"{name}:{number}: the header is not {' '.join(FIELDS)}")
            continue
        where = f"{name}:{number}"
        if len(row) != len(FIELDS):
            problems.append(f"{where}: {len(row)} fields, not {len(FIELDS)} (tab-separated)")
            continue
        if not all(field.strip() for field in row):
            problems.append(f"{where}: an empty field (write - for none)")
            continue
        try:
            entry = Entry(row, where)
        except re.error as error:
            problems.append(f"{where}: a variant is not a regular expression: {error}")
            continue
        if entry.english in seen:
            problems.append(f"{where}: {entry.english} is in the glossary twice")
        seen.add(entry.english)
        for variant, pattern in entry.patterns:
            if any(pattern.fullmatch(term) for term in entry.terms):
                problems.append(f"{where}: the variant “{variant}” is the term itself")
        entries.append(entry)
    if not entries:
        problems.append(f"{name}: no entries")
    return entries, problems


# ---------------------------------------------------------------------------------------------
# What a reader reads of each kind of text: segments of (text, the line of each character), and
# the variants markers allow on each line.


class Text:
    def __init__(self):
        self.segments = []  # [(text, [line of each character])]
        self.allowed = {}   # line -> set of variants a marker allows there

    def add(self, text, line):
        if text.strip():
            self.segments.append((text, [line] * len(text)))

    def add_joined(self, parts):
        """One segment made of several (text, line) parts, e.g. a C++ literal over lines."""
        text, lines = "", []
        for part, line in parts:
            text += part
            lines += [line] * len(part)
        if text.strip():
            self.segments.append((text, lines))

    def marker(self, comment, line):
        found = MARKER.search(comment)
        if found:
            variants = {v.strip() for v in re.split(r"[|,，、]", found.group(1)) if v.strip()}
            for at in (line, line + 1):
                self.allowed.setdefault(at, set()).update(variants)
            return True
        return False


def blank(match):
    return " " * len(match.group(0))


INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
ATTRIBUTES = re.compile(r"\{[#.][^}]*\}")
URL = re.compile(r"<?https?://[^\s>）)]+>?")
HTML_COMMENT = re.compile(r"<!--.*?-->")
CAPTION_ATTRIBUTES = re.compile(r'\b(caption|title|labels|xlabel|ylabel|alt)="([^"]*)"')


def prose(text):
    """A line of Markdown prose without its code, link targets, ids and URLs."""
    for pattern in (INLINE_CODE, LINK_TARGET, ATTRIBUTES, URL):
        text = pattern.sub(blank, text)
    return text


def read_markdown(path):
    result = Text()
    lines = open(path, encoding="utf-8").read().split("\n")
    fence, in_comment = None, False
    front = lines and lines[0].strip() == "---"
    for number, line in enumerate(lines, 1):
        if front:
            if number > 1 and line.strip() == "---":
                front = False
                continue
            result.add(prose(re.sub(r"^\s*[\w-]+:\s", blank_text, line)), number)
            continue
        opening = re.match(r"^\s*(`{3,}|~{3,})(.*)$", line)
        if fence:
            if opening and opening.group(1).startswith(fence) and not opening.group(2).strip():
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            for _, value in CAPTION_ATTRIBUTES.findall(opening.group(2)):
                result.add(prose(value), number)
            continue
        if in_comment:
            result.marker(line, number)
            if "-->" not in line:
                continue
            in_comment = False
            line = " " * (line.index("-->") + 3) + line[line.index("-->") + 3:]
        for comment in HTML_COMMENT.findall(line):
            result.marker(comment, number)
        line = HTML_COMMENT.sub(blank, line)
        if "<!--" in line:
            result.marker(line[line.index("<!--"):], number)
            line, in_comment = line[:line.index("<!--")], True
        result.add(prose(line), number)
    return result


def blank_text(match):
    return " " * len(match.group(0))


CPP_TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|R"([^(\s]*)\((?:.|\n)*?\)\1"|"(?:\\.|[^"\\\n])*"|'
                       r"'(?:\\.|[^'\\\n])*'", re.S)
MESSAGE_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


def read_cpp(path):
    """String literals (adjacent ones joined, as the compiler joins them), but not message ids;
    and comments that hold Chinese."""
    result = Text()
    source = open(path, encoding="utf-8").read()
    line_starts = [0] + [i + 1 for i, c in enumerate(source) if c == "\n"]

    def line_of(offset):
        low, high = 0, len(line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    pending, last_end = [], None
    for token in CPP_TOKEN.finditer(source):
        text = token.group(0)
        if text.startswith("//") or text.startswith("/*"):
            if not result.marker(text, line_of(token.start())) and CJK.search(text):
                for offset, comment_line in enumerate(text.split("\n")):
                    result.add(prose(comment_line), line_of(token.start()) + offset)
            continue
        if text.startswith("'"):
            continue
        joined = pending and last_end is not None and not source[last_end:token.start()].strip()
        if not joined and pending:
            flush_literal(result, pending)
            pending = []
        body = text[1:-1] if text.startswith('"') else text[text.index("(") + 1:text.rindex(")")]
        pending.append((body, line_of(token.start())))
        last_end = token.end()
    if pending:
        flush_literal(result, pending)
    return result


def flush_literal(result, parts):
    if len(parts) == 1 and MESSAGE_ID.match(parts[0][0]):
        return
    result.add_joined([(prose(part.replace("\\n", "  ").replace('\\"', ' "')), line)
                       for part, line in parts])


def read_tsv(path):
    """The fields that hold Chinese, of every row but comments."""
    result = Text()
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.startswith("#"):
            continue
        for field in line.split("\t"):
            if CJK.search(field):
                result.add(prose(field), number)
    return result


def read_yaml(path):
    result = Text()
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if line.lstrip().startswith("#"):
            if not result.marker(line, number) and not CJK.search(line):
                continue
        result.add(prose(re.sub(r"^\s*[\w-]+:\s", blank_text, line)), number)
    return result


def read_plain(path):
    result = Text()
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        result.marker(line, number)
        result.add(line, number)
    return result


READERS = {"markdown": read_markdown, "cpp": read_cpp, "tsv": read_tsv, "yaml": read_yaml,
           "plain": read_plain}


# ---------------------------------------------------------------------------------------------


def in_chinese(text, start, end):
    """An English word stands in Chinese text when the nearest character on either side (spaces
    aside) is Chinese."""
    before = text[:start].rstrip()
    after = text[end:].lstrip()
    return bool((before and CJK.match(before[-1])) or (after and CJK.match(after[0])))


def inside_context(text, start, end, contexts):
    found = text[start:end]
    for context in contexts:
        offset = context.find(found)
        while offset >= 0:
            begin = start - offset
            if begin >= 0 and text[begin:begin + len(context)] == context:
                return True
            offset = context.find(found, offset + 1)
    return False


def drifts(path, entries):
    """[(line, variant found, entry)] of one text."""
    kind = TEXT_KINDS.get(os.path.splitext(path)[1])
    text = READERS[kind or "plain"](path)
    every_term = [term for entry in entries for term in entry.terms]
    found = []
    for segment, lines in text.segments:
        for entry in entries:
            contexts = entry.allowed + every_term
            spans = []
            for variant, pattern in entry.patterns:
                for match in pattern.finditer(segment):
                    start, end = match.span()
                    if start == end:
                        continue
                    line = lines[start]
                    if variant in text.allowed.get(line, ()):
                        continue
                    if inside_context(segment, start, end, contexts):
                        continue
                    if variant.isascii() and not variant.startswith("re:") and \
                            not in_chinese(segment, start, end):
                        continue
                    spans.append((start, end, line, match.group(0)))
            # One finding where variants overlap (受限于显存 inside 受限于显存流量): the longest.
            for start, end, line, variant in spans:
                if not any(s <= start and end <= e and (s, e) != (start, end)
                           for s, e, _, _ in spans):
                    found.append((line, variant, entry))
    return sorted(set(found), key=lambda item: (item[0], item[1]))


def tracked_files(root):
    """The files of the tree at `root` that git tracks or would track (not ignored ones), relative
    to it; every file but build/ and hidden folders where there is no git."""
    try:
        listed = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard", "--", "."], capture_output=True,
                                check=True).stdout
        return sorted({p for p in listed.decode("utf-8").split("\0")
                       if p and os.path.isfile(os.path.join(root, p))})
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "build"]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files]
        return sorted(found)


def chinese_texts(root, glossary):
    """Every Chinese text of the tree at `root`, found by its name (or, for the book's tables, by
    holding Chinese), wherever it lives."""
    texts = []
    for path in tracked_files(root):
        name = os.path.basename(path)
        extension = os.path.splitext(name)[1]
        if extension not in TEXT_KINDS or "/tests/fixtures/" in "/" + path:
            continue
        full = os.path.abspath(os.path.join(root, path))
        if full == os.path.abspath(glossary):
            continue
        if ZH_NAME.search(name) or (extension == ".tsv" and path.startswith("book/") and
                                    CJK.search(open(full, encoding="utf-8").read())):
            texts.append(full)
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="the texts to check (default: every Chinese text)")
    parser.add_argument("--glossary", default=GLOSSARY)
    parser.add_argument("--root", default=ROOT,
                        help="the tree whose Chinese texts are checked (default: this repository)")
    parser.add_argument("--list", action="store_true", help="print the texts it would check")
    args = parser.parse_args()
    entries, problems = read_glossary(os.path.abspath(args.glossary))
    files = [os.path.abspath(f) for f in args.files] or chinese_texts(args.root, args.glossary)
    if args.list:
        print("\n".join(os.path.relpath(f, args.root) for f in files))
        return 0
    if not args.files:
        # The texts are found by name: if none of a kind is found, the search is broken.
        names = [os.path.basename(f) for f in files]
        for kind, pattern in (("lesson.zh.md", r"^lesson\.zh\.md$"),
                              ("Chinese words file (words.zh.json, *_zh.cpp)",
                               r"^words\.zh\.json$|_zh\.cpp$")):
            if not any(re.search(pattern, n) for n in names):
                problems.append(f"no {kind} found in the tree: the search for Chinese texts is broken")
    count = 0
    for path in files:
        for line, variant, entry in drifts(path, entries):
            count += 1
            problems.append(f"{os.path.relpath(path, ROOT)}:{line}: “{variant}” → “{entry.term}” "
                            f"({entry.english}; {entry.where})")
    for problem in problems:
        print(f"FAIL: {problem}")
    if count:
        print(f"{count} term(s) differ from the glossary ({os.path.relpath(args.glossary, ROOT)}). "
              "Use its term; where a variant is legitimately another meaning, add an allowed "
              "context to its entry or mark the place (<!-- glossary: VARIANT -->, "
              "// glossary: VARIANT).")
    if problems:
        return 1
    print(f"ok: {len(files)} Chinese texts use the glossary's {len(entries)} terms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
