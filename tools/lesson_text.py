#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fills each lessons/NN-slug/lesson.md so that it reads completely where the student reads it.

The book makes listings, outputs and figures from data at build time; lesson.md in the repository
(and on a Git host's web view) would show empty blocks. This tool writes into lesson.md what the
book would show:

- a code block with include="FILE" anchor="NAME" gets the region's text (the book's filter
  replaces the block's content with a fresh include from the same anchor, so it never drifts);
- an ```{.output lesson=... run=...}``` block gets the recorded output
  (lessons/LESSON/results/RUN.txt, without its header; the book ignores the content too);
- a ```{.timeline #fig:name trace=...}``` block is followed by its figure, an SVG drawn with
  build/bin/book-timeline into lessons/NN-slug/figures/, with an anchor for links to it
  ([the figure “name”](#fig:name)), between the lines <!-- lesson-text: figure --> and
  <!-- lesson-text: end -->, which the book drops. The figure's caption is the author's italic
  paragraph right after those lines, written once (the book's figure takes it from there).

    tools/lesson_text.py [--check] [--timeline-tool build/bin/book-timeline] [LESSON_DIR...]

--check writes nothing and exits 1 when a lesson.md or a figure is not what this tool would
write (make lesson-text writes them; make selftest and the CTest test lesson_text_is_current check).

A lesson's exercise.cu is the student's file: its listings are always taken from the starter as
committed in git (HEAD), never from a student's edited copy, so that no answer is written into the
course (an author who changes a starter commits it, then runs make lesson-text). --committed also
reads the lesson texts and figures as committed (the course's tests: a student's notes in
lesson.md are not the course's). Without git (a tarball), the files as they are are read, and
that is said.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "book", "tests"))
from check_book import region  # noqa: E402  (the one Python reading of // ANCHOR: regions)

STUDENT_EXERCISE = re.compile(r"^lessons/\d\d-[^/]+/exercise\.cu$")
LESSON_TEXT = re.compile(r"^lessons/\d\d-[^/]+/(lesson(\.zh)?\.md|figures/[^/]+)$")
COMMITTED_TEXTS = False  # --committed: the lesson texts and figures read from git HEAD too
_said_not_committed = set()


def committed_text(relpath):
    """The text of `relpath` (relative to ROOT) in git HEAD; None without git or when not there."""
    done = subprocess.run(["git", "-C", ROOT, "show", "HEAD:" + relpath], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, check=False)
    return done.stdout.decode("utf-8") if done.returncode == 0 else None


def course_text(path):
    """The course's text of a file: a student's exercise.cu (and with --committed, a lesson's text
    or figure) as committed in git; any other file as it is. None when it does not exist."""
    rel = os.path.relpath(path, ROOT)
    working = open(path, encoding="utf-8").read() if os.path.isfile(path) else None
    if STUDENT_EXERCISE.match(rel) or (COMMITTED_TEXTS and LESSON_TEXT.match(rel)):
        text = committed_text(rel)
        if text is None:
            if rel not in _said_not_committed and working is not None:
                _said_not_committed.add(rel)
                print(f"lesson_text: {rel} is not in git HEAD (no git here?): read as it is",
                      file=sys.stderr)
            return working
        if STUDENT_EXERCISE.match(rel) and working not in (None, text) and \
                rel not in _said_not_committed:
            _said_not_committed.add(rel)
            print(f"lesson_text: {rel} differs from git HEAD: its listings come from the starter "
                  "as committed", file=sys.stderr)
        return text
    return working


def course_region(path, anchor):
    """check_book.region of the course's text of `path` (course_text)."""
    text = course_text(path)
    if text is None:
        return region(path, anchor)  # says what is missing, as it always did
    with tempfile.NamedTemporaryFile("w", suffix=os.path.splitext(path)[1], encoding="utf-8",
                                     delete=False) as copy:
        copy.write(text)
    try:
        return region(copy.name, anchor)
    finally:
        os.unlink(copy.name)


FENCE_OPEN = re.compile(r"^(`{3,})\{(.*)\}\s*$")
FIGURE_BEGIN = "<!-- lesson-text: figure -->"
FIGURE_END = "<!-- lesson-text: end -->"
TRAILER_BEGIN = "<!-- lesson-text: chapter-end -->"


def attributes(text):
    attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', text))
    rest = re.sub(r'[\w-]+="[^"]*"', "", text)
    classes = re.findall(r"(?:^|\s)\.([\w-]+)", rest)
    ident = re.search(r"(?:^|\s)#([\w:-]+)", rest)
    return classes, (ident.group(1) if ident else None), attrs


def recorded_output(lesson, run):
    path = os.path.join(ROOT, "lessons", lesson, "results", run + ".txt")
    if not os.path.isfile(path):
        return None, None
    header, body, in_header = {}, [], True
    for line in open(path, encoding="utf-8").read().splitlines():
        m = re.match(r"^# ([\w-]+): ?(.*)$", line)
        if in_header and m:
            header[m.group(1)] = m.group(2)
        else:
            in_header = False
            body.append(line)
    while body and not body[-1].strip():
        body.pop()
    return header, "\n".join(body)


def describe_machine(header, lang="en"):
    """The machine of a recorded output, in the book's words for `lang` (common.lua's)."""
    details = [book_word("driver", lang, header["driver"])] if "driver" in header else []
    if "cuda" in header:
        details.append(f"CUDA {header['cuda']}")
    text = header.get("gpu", book_word("unnamed-gpu", lang))
    if details:
        text += " (" + ", ".join(details) + ")"
    if "date" in header:
        text += ", " + header["date"]
    return text


def draw_timeline(tool, trace, svg, attrs):
    args = [tool, trace, svg]
    for option in ("title", "width"):
        if option in attrs:
            args += ["--" + option, attrs[option]]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def fill(lesson_dir, tool, figures, text_name="lesson.md"):
    """The text `text_name` (lesson.md or a translation) should have; `figures` collects {svg path:
    svg text} (a translation draws the same figures from the same data)."""
    folder = os.path.basename(lesson_dir)
    lang = "zh" if text_name.endswith(".zh.md") else "en"
    lines = course_text(os.path.join(lesson_dir, text_name)).split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE_OPEN.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        fence, (classes, ident, attrs) = m.group(1), attributes(m.group(2))
        end = i + 1
        while end < len(lines) and lines[end].strip() != fence:
            end += 1
        content, figure = None, None
        if "include" in attrs:
            path = attrs["include"]
            path = os.path.join(ROOT, path[1:]) if path.startswith("/") else \
                os.path.join(lesson_dir, path)
            content = course_region(path, attrs.get("anchor"))
        elif "output" in classes:
            header, body = recorded_output(attrs.get("lesson", folder), attrs.get("run", "main"))
            content = body if header is not None else \
                "Not yet measured: recorded on a GPU with tools/record-results.sh."
            if header is not None:
                content += "\n\n(recorded on " + describe_machine(header) + ")"
        elif "timeline" in classes:
            trace = attrs["trace"]
            name = (ident or "").replace("fig:", "") or os.path.basename(trace)[:-6]
            svg_rel = "figures/" + name + ".svg"
            with tempfile.TemporaryDirectory() as tmp:
                svg = os.path.join(tmp, "figure.svg")
                draw_timeline(tool, os.path.join(ROOT, trace.lstrip("/")), svg, attrs)
                figures[os.path.join(lesson_dir, svg_rel)] = open(svg, encoding="utf-8").read()
            content = "Timeline drawn from " + trace + " (the figure below)."
            anchor = [f'<a id="{ident}"></a>', ""] if ident else []
            figure = [FIGURE_BEGIN, "", *anchor, f"![{name}]({svg_rel})", "", FIGURE_END]
        if content is None:  # a block this tool does not fill: kept as it is
            out.extend(lines[i:end + 1])
            i = end + 1
            continue
        out.append(lines[i])
        out.extend(content.split("\n"))
        out.append(fence)
        i = end + 1
        if figure is not None:
            # An earlier figure of this block (after one blank line) is replaced.
            j = i + 1 if i < len(lines) and not lines[i].strip() else i
            if j < len(lines) and lines[j] == FIGURE_BEGIN:
                while j < len(lines) and lines[j] != FIGURE_END:
                    j += 1
                i = j + 1
            out.append("")
            out.extend(figure)
    # The section the book appends to the chapter, regenerated at the end of the file.
    if TRAILER_BEGIN in out:
        out = out[:out.index(TRAILER_BEGIN)]
    while out and not out[-1].strip():
        out.pop()
    trailer = trailing_section(lesson_dir, "\n".join(lines), figures, lang)
    return "\n".join(out + ([""] + trailer if trailer else []) + [""])


def read_tsv(name):
    path = os.path.join(ROOT, "book", "data", name)
    return [line.split("\t") for line in open(path, encoding="utf-8").read().splitlines()
            if line.strip() and not line.startswith("#")]


def book_word(key, lang, *values):
    """A row of book/filters/words.tsv in `lang` (the book's own words), its %s filled in."""
    path = os.path.join(ROOT, "book", "filters", "words.tsv")
    for line in open(path, encoding="utf-8").read().splitlines():
        row = line.split("\t")
        if row[0] == key and len(row) >= 3:
            text = row[2] if lang == "zh" and row[2] else row[1]
            for value in values:
                text = text.replace("%s", value, 1)
            return text
    raise KeyError(f"book/filters/words.tsv has no word {key}")


def plots(lesson_dir, figures, lang="en"):
    """The plots book/data/plots.tsv adds to this lesson, as committed SVGs."""
    folder, result = os.path.basename(lesson_dir), []
    names = ["lesson", "run", "x", "y", "labels", "logx", "logy", "xlabel", "ylabel", "caption",
             "caption_zh"]
    for row in read_tsv("plots.tsv"):
        if row[0] != folder:
            continue
        a = {n: v for n, v in zip(names, row) if v}
        header, _ = recorded_output(a["lesson"], a["run"])
        if header is None:
            continue
        data = os.path.join(ROOT, "lessons", a["lesson"], "results", a["run"] + ".txt")
        svg_rel = f"figures/{a['run']}-plot.svg"
        args = [sys.executable, os.path.join(ROOT, "book", "tools", "plot_svg.py"), "--data", data,
                "--x", a.get("x", ""), "--y", a.get("y", "")]
        for option in ("xlabel", "ylabel", "labels"):
            if option in a:
                args += ["--" + option, a[option]]
        args += ["--" + f for f in ("logx", "logy") if a.get(f) in ("true", "yes")]
        with tempfile.TemporaryDirectory() as tmp:
            svg = os.path.join(tmp, "plot.svg")
            subprocess.run(args + ["--out", svg], check=True, stdout=subprocess.DEVNULL)
            figures[os.path.join(lesson_dir, svg_rel)] = open(svg, encoding="utf-8").read()
        text = a.get("caption_zh", a.get("caption", "")) if lang == "zh" else a.get("caption", "")
        caption = (text + ("" if lang == "zh" else " ") +  # Chinese sentences take no space
                   book_word("measured-on", lang, describe_machine(header, lang))).strip()
        # The caption once, under the plot; the image's text only names it.
        result += [f"![{a['run']} plot]({svg_rel})", "", f"*{caption}*", ""]
    return result


def trailing_section(lesson_dir, text, figures, lang="en"):
    """What the book adds at the end of the chapter (its plots), as text. The article's numbers
    are not among them: the appendix book/back/article-numbers.md sets them beside the course's."""
    drawn = plots(lesson_dir, figures, lang)
    if not drawn:
        return []
    anchor = "" if lang == "en" else " {#measured-on-this-gpu}"
    return [TRAILER_BEGIN, "", "## " + book_word("measured-here", lang) + anchor, "", *drawn,
            FIGURE_END]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when stale")
    parser.add_argument("--committed", action="store_true",
                        help="read the lesson texts and figures as committed in git (tests)")
    parser.add_argument("--timeline-tool", default=os.path.join(ROOT, "build", "bin", "book-timeline"))
    parser.add_argument("lessons", nargs="*")
    args = parser.parse_args()
    global COMMITTED_TEXTS
    COMMITTED_TEXTS = args.committed
    lesson_dirs = args.lessons or sorted(
        os.path.join(ROOT, "lessons", d) for d in os.listdir(os.path.join(ROOT, "lessons"))
        if re.match(r"^\d\d-", d) and os.path.isfile(os.path.join(ROOT, "lessons", d, "lesson.md")))
    if not os.access(args.timeline_tool, os.X_OK):
        print(f"lesson_text: {args.timeline_tool} is not built (make book-timeline)", file=sys.stderr)
        return 2
    stale = []
    for lesson_dir in lesson_dirs:
        figures = {}
        wanted = {}
        for name in ("lesson.md", "lesson.zh.md"):  # a translation shows the same recorded data
            if os.path.isfile(os.path.join(lesson_dir, name)):
                wanted[os.path.join(lesson_dir, name)] = fill(lesson_dir, args.timeline_tool, figures, name)
        wanted.update(figures)
        for path, text in wanted.items():
            current = course_text(path)
            if current == text:
                continue
            stale.append(os.path.relpath(path, ROOT))
            if not args.check:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if args.check and stale:
        # make lesson-text takes every listing of exercise.cu from the starter as committed, so
        # this advice never writes a student's answer into the course.
        print("Stale (run make lesson-text, then commit): " + ", ".join(stale))
        return 1
    print(("wrote " + ", ".join(stale)) if stale and not args.check else "lesson text is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
