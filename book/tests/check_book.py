#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks on the built book (CTest runs one check per test; book/CMakeLists.txt).

    check_book.py --out DIR CHECK      CHECK: titles references cjk-font listings editions epub
                                              links include-errors plot anchors zh words

DIR holds course.{pdf,html,epub} (student) and course-instructor.{pdf,html,epub}, as
build_book.py writes them, and for the zh check course-zh.* and course-instructor-zh.* (--lang zh). Every check prints what it looked at and exits 1 with the reason when
something is wrong. Standard library only; pdftotext and pdffonts (poppler-utils) for the PDF, and
epubcheck when it is installed.
"""
import argparse
import html
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDITIONS = {"student": "course", "instructor": "course-instructor"}
failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def lessons():
    """(folder, front matter title) of every lesson with a lesson.md, in number order."""
    result = []
    for folder in sorted(os.listdir(os.path.join(ROOT, "lessons"))):
        path = os.path.join(ROOT, "lessons", folder, "lesson.md")
        if re.match(r"^\d\d-", folder) and os.path.isfile(path):
            text = open(path, encoding="utf-8").read()
            match = re.search(r"^title:\s*(.+?)\s*$", text, re.M)
            title = match.group(1).strip("\"'") if match else folder
            result.append((folder, title))
    return result


def pdf_text(out, edition):
    path = os.path.join(out, EDITIONS[edition] + ".pdf")
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True,
                          check=True).stdout


def squash(text):
    return re.sub(r"\s+", " ", text.replace("-\n", "")).strip()


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------
# Regions of source files, extracted independently of the Lua filter (same rules: marker lines of
# any anchor dropped, common indentation removed, blank lines at the ends trimmed).
MARKER = re.compile(r"^\s*[/#;*-]+\s*ANCHOR(_END)?:\s*([\w.-]+)\s*$")


def region(path, anchor):
    lines, inside = [], anchor is None
    for line in read(path).splitlines():
        m = MARKER.match(line)
        if m:
            if m.group(2) == anchor:
                inside = not m.group(1)
            continue
        if inside:
            lines.append(line)
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    indents = [len(l) - len(l.lstrip(" ")) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return "\n".join(l[cut:] for l in lines)


class ListingParser(html.parser.HTMLParser):
    """Collects the text of every code block that names its source (data-source)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.listings, self.ids, self.hrefs = [], set(), []
        self._depth, self._current = 0, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])
        if self._current is not None:
            self._depth += 1
        elif tag == "div" and "data-source" in a:
            self._current = {"source": a["data-source"], "anchor": a.get("data-anchor"), "text": ""}
            self._depth = 1

    def handle_endtag(self, tag):
        if self._current is not None:
            self._depth -= 1
            if self._depth == 0:
                self.listings.append(self._current)
                self._current = None

    def handle_data(self, data):
        if self._current is not None:
            self._current["text"] += data


def parse_html(out, edition):
    parser = ListingParser()
    parser.feed(read(os.path.join(out, EDITIONS[edition] + ".html")))
    return parser


# ---------------------------------------------------------------------------------------------

def check_titles(out):
    for edition in EDITIONS:
        text = squash(pdf_text(out, edition))
        for folder, title in lessons():
            if squash(title) not in text:
                fail(f"{edition} PDF: the title of {folder}, “{title}”, is not in the text")
            else:
                print(f"ok: {edition} PDF has “{title}”")
        if "number:" in text and "objectives:" in text:
            fail(f"{edition} PDF: raw front matter (number:, objectives:) is printed")


def check_references(out):
    for edition in EDITIONS:
        text = pdf_text(out, edition)
        if "??" in text:
            line = next(l for l in text.splitlines() if "??" in l)
            fail(f"{edition} PDF has an unresolved reference (??): {line.strip()}")
        html_text = read(os.path.join(out, EDITIONS[edition] + ".html"))
        for pattern in ("??", "@fig:", "@sec:", "@tbl:", "@lst:"):
            if pattern in re.sub(r"<[^>]+>", "", html_text):
                fail(f"{edition} HTML contains an unresolved reference ({pattern})")
        print(f"ok: {edition}: no unresolved reference")


def check_cjk_font(out):
    for edition in EDITIONS:
        path = os.path.join(out, EDITIONS[edition] + ".pdf")
        fonts = subprocess.run(["pdffonts", path], capture_output=True, text=True, check=True).stdout
        cjk = [l for l in fonts.splitlines() if "CJK" in l]
        if not cjk:
            fail(f"{edition} PDF: no CJK font (pdffonts lists none)")
        for line in cjk:
            fields = line.split()
            if "no" in fields[-5:-3]:
                fail(f"{edition} PDF: the CJK font is not embedded: {line}")
        if "两种同步方式" not in pdf_text(out, edition):
            fail(f"{edition} PDF: the article's title (两种同步方式) is not in the text")
        print(f"ok: {edition} PDF embeds {cjk[0].split()[0] if cjk else 'nothing'}")


def check_listings(out):
    for edition in EDITIONS:
        parsed = parse_html(out, edition)
        if not parsed.listings:
            fail(f"{edition} HTML has no listing with a source")
        for listing in parsed.listings:
            path = os.path.join(ROOT, listing["source"])
            expected = region(path, listing["anchor"])
            shown = listing["text"].rstrip("\n")
            where = listing["source"] + (f" [{listing['anchor']}]" if listing["anchor"] else "")
            if shown != expected:
                fail(f"{edition}: the listing of {where} differs from the file")
            else:
                print(f"ok: {edition}: {where} ({len(expected.splitlines())} lines)")
        # Every include in a lesson is in the book.
        wanted = set()
        for folder, _ in lessons():
            text = read(os.path.join(ROOT, "lessons", folder, "lesson.md"))
            for m in re.finditer(r'include="([^"]+)"(?:\s+anchor="([^"]+)")?', text):
                source = os.path.normpath(os.path.join("lessons", folder, m.group(1)))
                wanted.add((source, m.group(2)))
        seen = {(l["source"], l["anchor"]) for l in parsed.listings}
        for source, anchor in sorted(wanted - seen, key=str):
            fail(f"{edition}: the include of {source} [{anchor}] is not in the HTML")


def student_files_text():
    texts = []
    for folder, subfolders, files in os.walk(os.path.join(ROOT, "lessons")):
        # A lesson's tests (its classes of submissions, some of them correct) are not given to
        # the student: they must not excuse a solution's line from the leak check.
        subfolders[:] = [d for d in subfolders if d not in ("tests", "results")]
        for name in files:
            if name.endswith((".cu", ".cuh", ".h", ".hpp", ".md")):
                texts.append(read(os.path.join(folder, name)))
    return "\n".join(texts)


def check_editions(out):
    student, instructor = parse_html(out, "student"), parse_html(out, "instructor")
    given = student_files_text()
    for folder, _ in lessons():
        solution = f"solutions/{folder}/exercise.cu"
        if not os.path.isfile(os.path.join(ROOT, solution)):
            continue
        in_instructor = [l for l in instructor.listings if l["source"] == solution]
        if not in_instructor:
            fail(f"the instructor edition does not contain {solution}")
        elif in_instructor[0]["text"].rstrip("\n") != region(os.path.join(ROOT, solution), None):
            fail(f"the instructor edition's {solution} differs from the file")
        else:
            print(f"ok: instructor edition has {solution}")
        if any(l["source"].startswith("solutions/") for l in student.listings):
            fail("the student edition contains a listing from solutions/")
        # Lines that only the solution has must not be anywhere in the student edition.
        # (Lines also found in the students' files, any lesson's, may be shown.)
        only = [l.strip() for l in read(os.path.join(ROOT, solution)).splitlines()
                if len(l.strip()) > 25 and l.strip() not in given]
        student_text = "\n".join(l["text"] for l in student.listings)
        leaked = [l for l in only if l in student_text]
        if leaked:
            fail(f"the student edition shows solution code of {folder}: {leaked[0]}")
        else:
            print(f"ok: student edition shows none of the {len(only)} solution-only lines of {folder}")
    # The instructor's notes live beside the solution (solutions/NN-slug/instructor.md), out of
    # the student's folder, and the instructor edition still has them.
    instructor_html = read(os.path.join(out, EDITIONS["instructor"] + ".html"))
    # Pandoc's smart typography turns ' and " into curly quotes: compare the plain text.
    instructor_text = html.unescape(re.sub(r"<[^>]+>", "", instructor_html))
    for curly, plain in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"')):
        instructor_text = instructor_text.replace(curly, plain)
    instructor_text = " ".join(instructor_text.split())  # and its lines are wrapped
    for folder, _ in lessons():
        if os.path.exists(os.path.join(ROOT, "lessons", folder, "instructor.md")):
            fail(f"lessons/{folder}/instructor.md is in the student's folder: move it to solutions/{folder}/")
        notes = os.path.join(ROOT, "solutions", folder, "instructor.md")
        if os.path.isfile(notes):
            heading = re.search(r"^#+\s+(.+?)\s*$", read(notes), re.M)
            if heading and " ".join(heading.group(1).replace("`", "").split()) not in instructor_text:
                fail(f"the instructor edition lacks the notes of solutions/{folder}/instructor.md "
                     f"('{heading.group(1)}')")
    student_pdf, instructor_pdf = pdf_text(out, "student"), pdf_text(out, "instructor")
    if "Instructor notes" in student_pdf:
        fail("the student PDF has instructor notes")
    if lessons() and "Instructor notes" not in instructor_pdf:
        fail("the instructor PDF has no instructor notes")
    check_glossary_appendix("course.html", read(os.path.join(out, EDITIONS["student"] + ".html")),
                            "course-instructor.html", instructor_html,
                            "Appendix: the Chinese edition's glossary")
    for edition, name in EDITIONS.items():
        check_article_numbers(name + ".html", read(os.path.join(out, name + ".html")))


def check_article_numbers(name, page):
    """Every edition has the appendix "The article's numbers" (book/back/article-numbers.md): a
    section for every lesson, and a table for each of the article's examples; no lesson carries
    those tables itself (issue 41: the lessons link to the appendix)."""
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    missing = [f"article-numbers-lesson-{folder[:2]}" for folder, _ in lessons()
               if f"article-numbers-lesson-{folder[:2]}" not in ids]
    examples = sorted({row.split("\t")[0] for row in
                       read(os.path.join(ROOT, "book", "data", "article-figures.tsv")).splitlines()
                       if row and not row.startswith("#")})
    missing += [f"article-numbers-tbl-article-{e}" for e in examples
                if f"article-numbers-tbl-article-{e}" not in ids]
    in_lessons = sorted(i for i in ids if re.match(r"^l\d\d-(tbl-article-|article-numbers)", i))
    if missing:
        fail(f"{name}: the appendix of the article's numbers lacks {', '.join(missing)}")
    elif in_lessons:
        fail(f"{name}: a lesson carries the article's numbers itself ({in_lessons[0]}); "
             f"they belong in the appendix (book/back/article-numbers.md)")
    else:
        print(f"ok: {name}: the appendix of the article's numbers, {len(lessons())} sections and "
              f"{len(examples)} tables; no lesson carries them")


def check_glossary_appendix(student_name, student_page, instructor_name, instructor_page, title):
    """The instructor edition ends with the glossary (book/back/glossary.md, from
    book/glossary.tsv), every entry's English and Chinese term in it; the student edition has none."""
    from check_glossary import GLOSSARY, read_glossary
    entries, problems = read_glossary(GLOSSARY)
    for problem in problems:
        fail(problem)

    def plain(page):
        text = html.unescape(re.sub(r"<[^>]+>", "", page))
        for curly, straight in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"')):
            text = text.replace(curly, straight)
        return " ".join(text.split())

    student_text, instructor_text = plain(student_page), plain(instructor_page)
    if title in student_text:
        fail(f"{student_name} has the glossary appendix ({title}), which is the instructor's")
    at = instructor_text.rfind(title)
    if at < 0:
        fail(f"{instructor_name} has no glossary appendix ({title})")
        return
    appendix = instructor_text[at:]
    missing = [e.english for e in entries
               if " ".join(e.english.split()) not in appendix or
               re.sub(r"[*`]", "", e.term) not in appendix]
    if missing:
        fail(f"{instructor_name}: the glossary appendix lacks {len(missing)} of "
             f"book/glossary.tsv's entries, e.g. {missing[0]}")
    else:
        print(f"ok: {instructor_name} ends with the glossary, its {len(entries)} entries; "
              f"{student_name} has none")


def check_epub(out):
    for edition in EDITIONS:
        path = os.path.join(out, EDITIONS[edition] + ".epub")
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if infos[0].filename != "mimetype" or infos[0].compress_type != zipfile.ZIP_STORED:
                fail(f"{edition} EPUB: the first entry is not an uncompressed mimetype")
            if z.read("mimetype") != b"application/epub+zip":
                fail(f"{edition} EPUB: mimetype is not application/epub+zip")
            container = ET.fromstring(z.read("META-INF/container.xml"))
            ns = {"c": "urn:oasis:names:tc:opendocument:xmlns:container"}
            opf_path = container.find(".//c:rootfile", ns).get("full-path")
            opf = ET.fromstring(z.read(opf_path))
            names = set(z.namelist())
            base = os.path.dirname(opf_path)
            items = opf.findall(".//{http://www.idpf.org/2007/opf}item")
            ids = {}
            for item in items:
                href = os.path.normpath(os.path.join(base, item.get("href")))
                if href not in names:
                    fail(f"{edition} EPUB: the manifest names {href}, which is not in the file")
            xhtml = [n for n in names if n.endswith(".xhtml")]
            for name in xhtml:
                try:
                    root = ET.fromstring(z.read(name))
                except ET.ParseError as error:
                    fail(f"{edition} EPUB: {name} is not well-formed XML: {error}")
                    continue
                ids[name] = {e.get("id") for e in root.iter() if e.get("id")}
            for name in xhtml:
                for m in re.finditer(rb'href="([^"]+)"', z.read(name)):
                    href = m.group(1).decode()
                    if re.match(r"^[a-z]+:", href):
                        continue
                    file_part, _, anchor = href.partition("#")
                    target = os.path.normpath(os.path.join(os.path.dirname(name), file_part)) \
                        if file_part else name
                    if target not in names:
                        fail(f"{edition} EPUB: {name} links to {href}, which is not in the file")
                    elif anchor and target in ids and anchor not in ids[target]:
                        fail(f"{edition} EPUB: {name} links to {href}: no such id")
        print(f"ok: {edition} EPUB: {len(xhtml)} XHTML files, well-formed, links resolve")
        jar = "/usr/share/java/epubcheck.jar"
        if shutil.which("java") and os.path.isfile(jar):
            result = subprocess.run(["java", "-jar", jar, "-q", path], capture_output=True, text=True)
            if result.returncode != 0:
                fail(f"{edition} EPUB: epubcheck reports:\n{result.stdout}{result.stderr}")
            else:
                print(f"ok: {edition} EPUB passes epubcheck")
        else:
            print("note: epubcheck is not installed; its check was skipped")


def check_links(out):
    for edition in EDITIONS:
        parsed = parse_html(out, edition)
        html_dir = out
        for href in parsed.hrefs:
            if re.match(r"^[a-z]+:", href):
                continue
            if href.startswith("#"):
                if href[1:] not in parsed.ids:
                    fail(f"{edition} HTML: link to {href}, and no element has that id")
            else:
                target = os.path.normpath(os.path.join(html_dir, href.split("#")[0]))
                if not os.path.exists(target):
                    fail(f"{edition} HTML: link to {href}, and {target} does not exist")
        print(f"ok: {edition} HTML: {len(parsed.hrefs)} links checked")


def check_include_errors(out):
    """The filter on fixture lessons: what works, and what must fail with a clear message."""
    fixtures = os.path.join(ROOT, "book", "tests", "fixtures")
    cases = [("nested", None), ("missing-anchor", "no anchor 'nowhere' in"),
             ("missing-file", "no such file"), ("unterminated", "has no `ANCHOR_END: open`"),
             ("unresolved-reference", "unresolved reference @fig:nowhere")]
    with tempfile.TemporaryDirectory() as tmp:
        for name, expected_error in cases:
            source = os.path.join(fixtures, name, "lesson.md")
            result = subprocess.run(
                ["pandoc", source, "-t", "json", "--lua-filter",
                 os.path.join(ROOT, "book", "filters", "lesson.lua"), "-M", f"book_root={ROOT}",
                 "-M", f"source={source}", "-M", f"figures_dir={tmp}"],
                capture_output=True, text=True)
            if expected_error is None:
                if result.returncode != 0:
                    fail(f"fixture {name} should build: {result.stderr}")
                    continue
                blocks = json.dumps(json.loads(result.stdout)["blocks"])
                if "ANCHOR" in blocks:
                    fail(f"fixture {name}: a marker line is in the output")
                if "inner_line();" not in blocks or "outer_line();" not in blocks:
                    fail(f"fixture {name}: the nested region lost its lines")
                print(f"ok: fixture {name} builds, markers stripped")
            elif result.returncode == 0:
                fail(f"fixture {name} should fail the build")
            elif expected_error not in result.stderr:
                fail(f"fixture {name}: the message does not say “{expected_error}”: {result.stderr}")
            else:
                print(f"ok: fixture {name} fails: {expected_error}")


def check_plot(out):
    """plot_svg.py on a fixture table: a well-formed SVG with one line per series."""
    data = os.path.join(ROOT, "book", "tests", "fixtures", "plot", "sweep.txt")
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "plot.svg")
        subprocess.run([sys.executable, os.path.join(ROOT, "book", "tools", "plot_svg.py"),
                        "--data", data, "--out", svg, "--x", "N", "--y", "cold_ms,warm_ms",
                        "--logx", "--logy"], check=True)
        root = ET.parse(svg).getroot()
        lines = root.findall("{http://www.w3.org/2000/svg}polyline")
        if len(lines) != 2:
            fail(f"the plot has {len(lines)} lines, not 2")
        elif any(len(l.get("points").split()) != 5 for l in lines):
            fail("a plotted line does not have the 5 points of the fixture")
        else:
            print("ok: plot_svg draws 2 series of 5 points")
        result = subprocess.run([sys.executable, os.path.join(ROOT, "book", "tools", "plot_svg.py"),
                                 "--data", data, "--out", svg, "--x", "N", "--y", "absent"],
                                capture_output=True, text=True)
        if result.returncode == 0 or "no table header naming N and absent" not in result.stderr:
            fail(f"plot_svg should refuse a column that is not there: {result.stderr}")


def github_slug(heading):
    """The anchor GitHub (and pandoc's gfm reader) gives a heading: lower case, punctuation but
    '-' and '_' dropped, spaces to '-'. A pandoc id written as {#id} wins."""
    explicit = re.search(r"\{#([\w:.-]+)[^}]*\}\s*$", heading)
    if explicit:
        return explicit.group(1)
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def lesson_anchors(folder):
    """Every anchor of lessons/FOLDER/lesson.md's headings (code blocks skipped), or None."""
    path = os.path.join(ROOT, "lessons", folder, "lesson.md")
    if not os.path.isfile(path):
        return None
    anchors, fenced = set(), False
    text = read(path)
    body = text.split("\n---\n", 1)[1] if text.startswith("---") else text
    for line in body.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"^#{1,6} ", line):
            anchors.add(github_slug(line.lstrip("#")))
    return anchors


def check_anchors(out):
    """Every lesson section that a rule (checker/rules/registry.cpp) or a lesson's check.cu names
    exists as a heading of that lesson.md; lessons not written yet are listed, not failed."""
    cited = []  # (where, "lessons/NN-slug/lesson.md#anchor")
    registry = os.path.join(ROOT, "checker", "rules", "registry.cpp")
    for link in re.findall(r'"(lessons/[\w.-]+/lesson\.md#[\w-]+)"', read(registry)):
        cited.append(("checker/rules/registry.cpp", link))
    for folder in sorted(os.listdir(os.path.join(ROOT, "lessons"))):
        check = os.path.join(ROOT, "lessons", folder, "check.cu")
        if not os.path.isfile(check):
            continue
        text = read(check)
        base = re.search(r'constexpr char lesson\[\] = "([^"]+)"', text)
        for anchor in re.findall(r'std::string\(lesson\)\s*\+\s*"#([\w-]+)"', text):
            cited.append((f"lessons/{folder}/check.cu", f"{base.group(1)}#{anchor}"))
    checked, pending = 0, set()
    for where, link in cited:
        path, anchor = link.split("#", 1)
        folder = path.split("/")[1]
        anchors = lesson_anchors(folder)
        if anchors is None:
            pending.add(path)
            continue
        checked += 1
        if anchor not in anchors:
            fail(f"{where} cites {link}, but {path} has no heading with that anchor")
    print(f"ok: {checked} cited lesson sections checked" +
          (f"; not written yet: {', '.join(sorted(pending))}" if pending else ""))


OVERFULL_LIMIT_PT = 1.0  # what no reader sees; anything wider runs into the margin or off the page
TEXT_WIDTH_PT = (210 - 24 - 20) * 72.27 / 25.4  # A4 less book.latex's inner and outer margins
FIGURE_HEIGHT_PT = 0.7 * (297 - 24 - 26) * 72.27 / 25.4  # book.latex's \maxheight
MIN_FIGURE_TEXT_PT = 7.0


def check_layout(out):
    """The PDFs' layout: no line wider than the text (xelatex's "Overfull \\hbox" in the build
    log, above OVERFULL_LIMIT_PT), no page that ends with a section heading, no running header
    "Contents" outside the table of contents, and
    no text in a timeline figure smaller than MIN_FIGURE_TEXT_PT on the page."""
    for edition, work in (("student", "work"), ("instructor", "work-instructor")):
        log = read(os.path.join(out, work, "course.log"))
        wide = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
        wide = [w for w in wide if w > OVERFULL_LIMIT_PT]
        if wide:
            fail(f"{edition} PDF: {len(wide)} line(s) wider than the text, up to {max(wide):.1f} pt "
                 f"(Overfull \\hbox in {work}/course.log)")
        else:
            print(f"ok: {edition} PDF has no line wider than the text")
        for number, page in enumerate(pdf_text(out, edition).split("\f"), 1):
            lines = [l for l in page.splitlines() if l.strip()]
            body = [l for l in lines if not re.fullmatch(r"\s*\d+\s*", l)]  # less a page number
            if body and re.match(r"^\s*\d+\.\d+(\.\d+)?\s+[A-Z]", body[-1]) and ". . ." not in body[-1]:
                fail(f"{edition} PDF: page {number} ends with a heading: {body[-1].strip()[:60]}")
            if lines and re.match(r"^\s*(\d+\s+)?Contents\b", lines[0]) and \
                    not any(re.search(r"\. \. \.", l) for l in lines):
                fail(f"{edition} PDF: page {number} has the running header 'Contents' but is not "
                     f"the table of contents ({lines[1].strip()[:60] if len(lines) > 1 else ''})")
    for figures in ("figures", "figures-instructor"):
        folder = os.path.join(out, figures)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if not name.endswith(".svg"):
                continue
            root = ET.parse(os.path.join(folder, name)).getroot()
            if not (root.findtext("{http://www.w3.org/2000/svg}title") or "").startswith("Timeline"):
                continue
            width, height = float(root.get("width")), float(root.get("height"))
            # Shown at its natural size (0.75 pt a pixel), shrunk only to fit the text block.
            scale = 0.75 * min(1.0, TEXT_WIDTH_PT / (0.75 * width), FIGURE_HEIGHT_PT / (0.75 * height))
            sizes = [float(t.get("font-size")) for t in root.iter("{http://www.w3.org/2000/svg}text")
                     if t.get("font-size")]
            if sizes and min(sizes) * scale < MIN_FIGURE_TEXT_PT:
                fail(f"{figures}/{name}: its smallest text is {min(sizes) * scale:.1f} pt on the page "
                     f"(at least {MIN_FIGURE_TEXT_PT} pt wanted)")
            elif sizes:
                print(f"ok: {figures}/{name}: smallest text {min(sizes) * scale:.1f} pt")


LINK = re.compile(r"lessons/(\d\d-[\w-]+)(?:/([\w./-]*))?(?:#([\w-]+))?")
LESSON_NUMBER = re.compile(r"\b[Ll]essons? (\d{1,2})\b")


def dead_references_in(where, text, numbers):
    """Fails each reference of `text` to a lesson, a lesson's file or a lesson's section that does
    not exist: "lesson 06", "lessons/05-streams/lesson.md#events", "lessons/04-x/missing.cu"."""
    count = 0
    for m in LESSON_NUMBER.finditer(text):
        count += 1
        if int(m.group(1)) not in numbers:
            fail(f"{where}: '{m.group(0)}' names a lesson that does not exist")
    for m in LINK.finditer(text):
        count += 1
        folder, path, anchor = m.groups()
        if not os.path.isdir(os.path.join(ROOT, "lessons", folder)):
            fail(f"{where}: {m.group(0)} is in a lesson that does not exist")
        elif path and not os.path.exists(os.path.join(ROOT, "lessons", folder, path)):
            fail(f"{where}: {m.group(0)} names a file that does not exist")
        elif anchor and (path or "lesson.md") == "lesson.md" and anchor not in lesson_anchors(folder):
            fail(f"{where}: {m.group(0)} names a section that lesson.md does not have")
    return count


def check_dead_references(out, links=None):
    """No lesson text, instructor note, front chapter or figure (committed, or made by the book
    build in OUT) refers to a lesson or section that does not exist; nor does any link of the
    file `links` (one per line, e.g. the links of checker/rules/registry.cpp)."""
    numbers = {int(folder[:2]) for folder, _ in lessons()}
    sources = []
    for folder, _ in lessons():
        sources.append(os.path.join("lessons", folder, "lesson.md"))
        if os.path.isfile(os.path.join(ROOT, "lessons", folder, "lesson.zh.md")):
            sources.append(os.path.join("lessons", folder, "lesson.zh.md"))
        figures = os.path.join(ROOT, "lessons", folder, "figures")
        if os.path.isdir(figures):
            sources += [os.path.join("lessons", folder, "figures", f) for f in sorted(os.listdir(figures))]
        if os.path.isfile(os.path.join(ROOT, "solutions", folder, "instructor.md")):
            sources.append(os.path.join("solutions", folder, "instructor.md"))
    front = os.path.join(ROOT, "book", "front")
    sources += [os.path.join("book", "front", f) for f in sorted(os.listdir(front)) if f.endswith(".md")]
    built = os.path.join(out, "figures")
    if os.path.isdir(built):
        sources += [os.path.join(built, f) for f in sorted(os.listdir(built)) if f.endswith(".svg")]
    count = sum(dead_references_in(os.path.relpath(os.path.join(ROOT, f), ROOT),
                                   read(os.path.join(ROOT, f)), numbers) for f in sources)
    if links:
        for number, line in enumerate(read(links).splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                count += dead_references_in(f"{links}:{number}", line, numbers)
    print(f"ok: {count} references to lessons in {len(sources)} files" +
          (f" and {links}" if links else "") + " checked")


def lesson_title(path):
    match = re.search(r"^title:\s*(.+?)\s*$", read(path), re.M)
    return match.group(1).strip("\"'") if match else None


def check_zh(out):
    """The Chinese edition (build_book.py --lang zh): Chinese labels and contents, each lesson's
    Chinese title (or its English one with the note that it is not translated yet), CJK fonts
    embedded, no unresolved reference, the instructor's parts only in the instructor edition; and
    the English edition without any of it."""
    for edition, name in (("student", "course-zh"), ("instructor", "course-instructor-zh")):
        failed_before = len(failures)
        pdf = os.path.join(out, name + ".pdf")
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True,
                              check=True).stdout
        flat = squash(text.replace("\u2011", "-"))  # code's hyphens print as non-breaking ones
        if "目录" not in flat:
            fail(f"{name}.pdf: no table of contents titled 目录")
        if "??" in text:
            fail(f"{name}.pdf has an unresolved reference (??)")
        for folder, english_title in lessons():
            number = int(folder[:2])
            translated = os.path.join(ROOT, "lessons", folder, "lesson.zh.md")
            title = lesson_title(translated) if os.path.isfile(translated) else english_title
            if squash(title) not in flat:
                fail(f"{name}.pdf: the title of {folder}, “{title}”, is not in the text")
            if not re.search(rf"第\s*{number}\s*课", flat):
                fail(f"{name}.pdf: no chapter label 第 {number} 课")
            note = f"lessons/{folder}/lesson.zh.md"
            if not os.path.isfile(translated) and ("本课尚未译成中文" not in flat or
                                                    note not in flat.replace(" ", "")):
                fail(f"{name}.pdf: lesson {folder} is not translated, and the note saying so "
                     f"({note}) is not in the text")
        fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True, check=True).stdout
        cjk = [l for l in fonts.splitlines() if "CJK" in l]
        if not cjk or any("no" in l.split()[-5:-3] for l in cjk):
            fail(f"{name}.pdf: a CJK font is missing or not embedded:\n{fonts}")
        page = read(os.path.join(out, name + ".html"))
        if 'lang="zh-CN"' not in page:
            fail(f"{name}.html does not say it is Chinese (lang=\"zh-CN\")")
        if "目录" not in page or "本课你将" not in page:
            fail(f"{name}.html lacks the Chinese contents title or objectives box")
        for pattern in ("??", "@fig:", "@sec:", "@tbl:", "@lst:"):
            if pattern in re.sub(r"<[^>]+>", "", page):
                fail(f"{name}.html contains an unresolved reference ({pattern})")
        with zipfile.ZipFile(os.path.join(out, name + ".epub")) as epub:
            if epub.read("mimetype") != b"application/epub+zip":
                fail(f"{name}.epub: not an EPUB (mimetype)")
            package = next(n for n in epub.namelist() if n.endswith(".opf"))
            if b"<dc:language>zh-CN</dc:language>" not in epub.read(package):
                fail(f"{name}.epub: its package does not give the language zh-CN")
        has_notes = "教师笔记" in flat
        if has_notes != (edition == "instructor"):
            fail(f"{name}.pdf: instructor notes (教师笔记) {'missing' if edition == 'instructor' else 'present'}")
        if edition == "instructor":  # translated notes (solutions/NN/instructor.zh.md) are used
            page_text = squash(html.unescape(re.sub(r"<[^>]+>", "", page)))
            for folder, _ in lessons():
                notes = os.path.join(ROOT, "solutions", folder, "instructor.zh.md")
                lines = read(notes).splitlines() if os.path.isfile(notes) else []
                first = next((re.sub(r"\{[^}]*\}\s*$|[#*`]", "", l).strip() for l in lines
                              if l.strip() and not l.lstrip().startswith("<!--")), "")
                if first and squash(first) not in page_text:
                    fail(f"{name}.html: the Chinese instructor notes of {folder} (“{first}”) "
                         "are not in it")
        check_article_numbers(name + ".html", page)
        if edition == "instructor":
            check_glossary_appendix("course-zh.html", read(os.path.join(out, "course-zh.html")),
                                    name + ".html", page, "附录：中文版术语表")
        if len(failures) == failed_before:
            print(f"ok: {name}: Chinese labels and contents, {len(lessons())} lesson titles, "
                  f"CJK fonts embedded ({cjk[0].split()[0]})")
    english = read(os.path.join(out, "course.html"))
    if "本课尚未译成中文" in english or "第 4 课" in english or 'lang="zh-CN"' in english:
        fail("course.html (the English edition) has words of the Chinese edition")
    else:
        print("ok: the English edition has none of the Chinese edition's words")


def check_words(out):
    """book/filters/words.tsv: every key in both languages, with as many %s in each."""
    path = os.path.join(ROOT, "book", "filters", "words.tsv")
    keys = set()
    for number, line in enumerate(read(path).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3 or not all(fields):
            fail(f"words.tsv:{number}: not key, English, Chinese (three fields, none empty)")
            continue
        key, english, chinese = fields
        if key in keys:
            fail(f"words.tsv:{number}: {key} is there twice")
        keys.add(key)
        if english.count("%s") != chinese.count("%s"):
            fail(f"words.tsv:{number}: {key} has {english.count('%s')} %s in English, "
                 f"{chinese.count('%s')} in Chinese")
    # The keys the filters ask for: the quoted names in their words.get(...) calls.
    used = set()
    filters = os.path.join(ROOT, "book", "filters")
    for name in (n for n in os.listdir(filters) if n.endswith(".lua")):
        for call in re.findall(r"words\.get\([^)]*\)", read(os.path.join(filters, name))):
            used |= set(re.findall(r'"([a-z]+(?:-[a-z]+)*)"', call))
    for key in sorted(used - keys):
        fail(f"a filter asks words.tsv for '{key}', which it does not have")
    if not used:
        fail("no words.get call found in book/filters/*.lua")
    print(f"ok: words.tsv: {len(keys)} keys in both languages")


CHECKS = {"zh": check_zh, "words": check_words, "dead-references": check_dead_references, "layout": check_layout, "plot": check_plot, "titles": check_titles, "references": check_references, "cjk-font": check_cjk_font,
          "listings": check_listings, "editions": check_editions, "epub": check_epub,
          "links": check_links, "include-errors": check_include_errors, "anchors": check_anchors}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("check", choices=sorted(CHECKS))
    parser.add_argument("--links", help="dead-references: a file of more links to check, one a line")
    args = parser.parse_args()
    if args.links:
        CHECKS[args.check](args.out, args.links)
    else:
        CHECKS[args.check](args.out)
    if failures:
        print(f"{len(failures)} problem(s) found by the '{args.check}' check.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
