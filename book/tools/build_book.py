#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the course book: PDF (XeLaTeX), HTML and EPUB, from book/ and every lessons/NN-*/lesson.md.

    build_book.py [--edition student|instructor] [--lang en|zh] [--out build/book]
                  [--timeline-tool PATH] [--formats pdf,html,epub]

Stage 1 turns each lesson (and each front chapter) into a numbered chapter with pandoc and
book/filters/lesson.lua, in parallel; stage 2 joins them and writes each format with
book/filters/format.lua. Prints how long each step took. Exit status 0 when every format was
written, 1 otherwise (the error says which lesson and what).

--lang zh builds the Chinese edition (course-zh.*, course-instructor-zh.*): each lesson's
lesson.zh.md where it exists, else its lesson.md with a note that it is not translated yet; the
book's own words from book/filters/words.tsv; book/metadata.zh.yaml.

Every edition ends with two appendices: book/back/article-numbers.md (article-numbers.zh.md in
Chinese), what the course measured of each of the article's figures, lesson by lesson; then
book/back/pytorch.md (pytorch.zh.md), the article's PyTorch examples linted and PyTorch's timing
tools mapped to the lessons. The instructor edition then ends with the appendix
book/back/glossary.md (glossary.zh.md): the Chinese
edition's glossary, printed from book/glossary.tsv.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOK = os.path.join(ROOT, "book")
FRONT_CHAPTERS = ["front/introduction.md"]
# After the lessons, in every edition: the article's numbers, which the lessons link to, then the
# bridge from PyTorch (issue 43).
BACK_CHAPTERS = ["back/article-numbers.md", "back/pytorch.md"]
# After those, in the instructor edition only: the Chinese edition's glossary (book/glossary.tsv).
INSTRUCTOR_BACK_CHAPTERS = ["back/glossary.md"]


class BuildError(Exception):
    pass


def run(command, cwd=None, what=None):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"{what or command[0]} failed (exit {result.returncode}):\n"
                         f"{result.stderr.strip() or result.stdout.strip()[-3000:]}")
    return result


def translated(path, lang):
    """(the file to use, True when it is the English text standing in for a translation)."""
    if lang == "en":
        return path, False
    stem, extension = os.path.splitext(path)
    own = f"{stem}.{lang}{extension}"
    return (own, False) if os.path.isfile(own) else (path, True)


def lesson_sources(lang="en"):
    lessons_dir = os.path.join(ROOT, "lessons")
    folders = sorted(f for f in os.listdir(lessons_dir) if re.match(r"^\d\d-[\w-]+$", f))
    sources, numbers = [], {}
    for folder in folders:
        path = os.path.join(lessons_dir, folder, "lesson.md")
        if not os.path.isfile(path):
            print(f"[book warning] lessons/{folder} has no lesson.md yet: not in the book")
            continue
        number = int(folder[:2])
        if number in numbers:
            raise BuildError(f"lessons/{folder} and lessons/{numbers[number]} have the same number")
        numbers[number] = folder
        sources.append(translated(path, lang))
    return sources


def book_words(lang):
    """The book's own words in `lang` (book/filters/words.tsv), English where a text is missing."""
    words = {}
    with open(os.path.join(BOOK, "filters", "words.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                key, english, chinese = line.rstrip("\n").split("\t")
                words[key] = chinese if lang == "zh" and chinese else english
    return words


def stage_one(source, index, args, work, figures):
    source, untranslated = source
    kind = "lesson" if os.path.basename(source).startswith("lesson.") else "front"
    out = os.path.join(work, f"{index:02d}.json")
    # Chinese text has no spaces between words: a line break inside a paragraph must not become one.
    reader = "markdown+east_asian_line_breaks" if args.lang == "zh" else "markdown"
    command = ["pandoc", source, "-f", reader, "-t", "json", "-o", out,
               "--lua-filter", os.path.join(BOOK, "filters", "lesson.lua"),
               "-M", f"book_root={ROOT}", "-M", f"source={source}", "-M", f"kind={kind}",
               "-M", f"edition={args.edition}", "-M", f"figures_dir={figures}",
               "-M", f"timeline_tool={args.timeline_tool or ''}",
               "-M", f"python={sys.executable}", "-M", f"book_lang={args.lang}",
               "-M", f"untranslated={'true' if untranslated else 'false'}"]
    result = run(command, cwd=work, what=f"pandoc on {os.path.relpath(source, ROOT)}")
    return out, result.stderr


def merge(parts, path):
    merged = None
    for part in parts:
        with open(part, encoding="utf-8") as f:
            doc = json.load(f)
        if merged is None:
            merged = {"pandoc-api-version": doc["pandoc-api-version"], "meta": {}, "blocks": []}
        merged["blocks"].extend(doc["blocks"])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(merged, f)


def book_date():
    try:
        out = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%cs"], capture_output=True,
                             text=True, check=True).stdout.strip()
        if out:
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return datetime.date.today().isoformat()


def common_options(args):
    edition_line = book_words(args.lang)["edition-" + args.edition]
    metadata = "metadata.yaml" if args.lang == "en" else f"metadata.{args.lang}.yaml"
    return ["-f", "json", "--metadata-file", os.path.join(BOOK, metadata),
            "-M", f"date={book_date()}", "-M", f"edition-line={edition_line}",
            "--lua-filter", os.path.join(BOOK, "filters", "format.lua"),
            "--highlight-style", "tango"]


def write_html(args, book_json, target):
    run(["pandoc", book_json, *common_options(args), "-t", "html5", "-s", "--toc",
         "--toc-depth=2", "--self-contained", "--mathml",
         "--css", os.path.join(BOOK, "templates", "book.css"), "-o", target],
        what="pandoc (HTML)")


def write_epub(args, book_json, target):
    run(["pandoc", book_json, *common_options(args), "-t", "epub3", "--toc", "--toc-depth=2",
         "--epub-chapter-level=1", "--css", os.path.join(BOOK, "templates", "book.css"),
         "-o", target], what="pandoc (EPUB)")


def write_pdf(args, book_json, target, work):
    tex = os.path.join(work, "course.tex")
    run(["pandoc", book_json, *common_options(args), "-t", "latex", "-s",
         "--template", os.path.join(BOOK, "templates", "book.latex"),
         "--top-level-division=chapter", "-o", tex], what="pandoc (LaTeX)")
    log_path = os.path.join(work, "course.log")
    for attempt in range(4):
        result = subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error",
                                 "course.tex"], cwd=work, capture_output=True, text=True,
                                errors="replace")
        log = open(log_path, encoding="utf-8", errors="replace").read() \
            if os.path.exists(log_path) else result.stdout
        if result.returncode != 0:
            errors = [l for l in log.splitlines() if l.startswith("!") or l.startswith("l.")]
            raise BuildError("xelatex failed on " + tex + ":\n" + "\n".join(errors[:20]) +
                             "\n(full log: " + log_path + ")")
        if attempt >= 1 and "Rerun to get" not in log and "Label(s) may have changed" not in log:
            break
    for line in log.splitlines():
        if re.search(r"(Reference|Citation) `[^']*' on page .* undefined", line):
            raise BuildError(f"xelatex: {line.strip()}")
        if "Missing character" in line:
            print(f"[book warning] xelatex: {line.strip()}")
    shutil.copyfile(os.path.join(work, "course.pdf"), target)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", choices=["student", "instructor"], default="student")
    parser.add_argument("--lang", choices=["en", "zh"], default="en",
                        help="the edition's language (zh: the Chinese edition)")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "book"))
    parser.add_argument("--timeline-tool", default=os.path.join(ROOT, "build", "bin", "book-timeline"))
    parser.add_argument("--formats", default="pdf,html,epub")
    args = parser.parse_args()
    args.out = os.path.abspath(args.out)
    formats = [f for f in args.formats.split(",") if f]
    for tool in ["pandoc"] + (["xelatex"] if "pdf" in formats else []) + ["rsvg-convert"]:
        if shutil.which(tool) is None:
            print(f"book: {tool} was not found. Install the book's tools with: "
                  f"tools/ensure-deps.sh book", file=sys.stderr)
            return 1
    # pandoc's filters run the tool from another folder: a relative path would not be found there.
    args.timeline_tool = os.path.abspath(args.timeline_tool) if args.timeline_tool else ""
    if args.timeline_tool and not os.access(args.timeline_tool, os.X_OK):
        print(f"[book warning] {args.timeline_tool} is not built: timelines are left out "
              f"(make book builds it)")
        args.timeline_tool = ""

    started = time.monotonic()
    suffix = ("" if args.edition == "student" else "-" + args.edition) + \
        ("" if args.lang == "en" else "-" + args.lang)
    work = os.path.join(args.out, "work" + suffix)
    figures = os.path.join(args.out, "figures" + suffix)
    for folder in (work, figures):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)

    try:
        back = BACK_CHAPTERS + (INSTRUCTOR_BACK_CHAPTERS if args.edition == "instructor" else [])
        sources = [translated(os.path.join(BOOK, f), args.lang) for f in FRONT_CHAPTERS] + \
            lesson_sources(args.lang) + [translated(os.path.join(BOOK, f), args.lang) for f in back]
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            jobs = [pool.submit(stage_one, s, i, args, work, figures) for i, s in enumerate(sources)]
            parts = []
            for job in jobs:
                part, warnings = job.result()
                parts.append(part)
                sys.stdout.write(warnings)
        book_json = os.path.join(work, "book.json")
        merge(parts, book_json)
        chapters_done = time.monotonic()
        print(f"book: {len(sources)} chapters prepared in {chapters_done - started:.1f} s")

        targets = {f: os.path.join(args.out, f"course{suffix}.{f}") for f in formats}
        writers = {"html": lambda t: write_html(args, book_json, t),
                   "epub": lambda t: write_epub(args, book_json, t),
                   "pdf": lambda t: write_pdf(args, book_json, t, work)}
        with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
            jobs = {f: pool.submit(writers[f], targets[f]) for f in formats}
            for f, job in jobs.items():
                job.result()
                print(f"book: wrote {os.path.relpath(targets[f], os.getcwd())}")
    except BuildError as error:
        print(f"book: {error}", file=sys.stderr)
        return 1
    untranslated = [os.path.relpath(s, ROOT) for s, stand_in in sources if stand_in]
    if untranslated:
        print(f"book: {len(untranslated)} of {len(sources)} chapters are not translated into "
              f"{args.lang} yet (the English text, with a note): {', '.join(untranslated)}")
    print(f"book: {args.edition} edition ({args.lang}) built in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
