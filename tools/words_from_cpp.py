#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Converts a words file of the old C++ form (constexpr std::array of entry{"id", "text"}, with
`// section` comments) to the words format of docs/ARCHITECTURE.md ("Words"): a JSON object of
id -> text, each `// section` (its comment lines joined) an object of its own. For a branch that
still edits the old files:

    tools/words_from_cpp.py OLD_words_zh.cpp > NEW.zh.json
    tools/words_from_cpp.py BRANCH_catalogue_en.cpp --into checker/messages/words.en.json \
        [--base BASE_catalogue_en.cpp]

With --into, the words file given keeps its order and sections: an id it lacks joins the end of
its section (a new section at the end of the file), an id it has takes the C++ file's text where
the two differ. With --base (the C++ file as the branch found it: `git show
$(git merge-base HEAD BRANCH):checker/messages/catalogue_en.cpp`), only what the branch changed
is taken: an id whose text the branch left as it was keeps the words file's, and an id the branch
removed leaves the words file. What changed is listed on stderr.
"""
import json
import re
import sys

LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}


def unescape(text):
    return re.sub(r"\\(.)", lambda m: ESCAPES[m.group(1)], text)


def convert(source):
    body = source[source.index("std::array") :]
    body = body[body.index("{") + 1 : body.index("\n};")]
    words, section = {}, None
    at = 0
    comment_end = -1  # where the comment above ended: a comment on the next line continues it
    for match in re.finditer(r"//[^\n]*|entry\{", body):
        if match.start() < at:
            continue
        if match.group(0).startswith("//"):
            line = match.group(0)[2:].strip()
            continued = section is not None and body[comment_end : match.start()].strip() == ""
            section = section + " " + line if continued else line
            comment_end = match.end()
            continue
        end = body.index("}", match.end())
        # a "}" inside a literal ({placeholder}) does not end the entry: find the real end
        literals, at = [], match.end()
        while True:
            found = re.compile(r'\s*(")|\s*,|\s*(\})').match(body, at)
            if found.group(1):
                literal = LITERAL.match(body, found.start(1))
                literals.append(unescape(literal.group(1)))
                at = literal.end()
            elif found.group(2):
                at = found.end()
                break
            else:
                literals.append(None)  # the comma between id and text
                at = found.end()
        parts = [[]]
        for item in literals:
            if item is None:
                parts.append([])
            else:
                parts[-1].append(item)
        word_id, text = "".join(parts[0]), "".join(parts[1])
        target = words if section is None else words.setdefault(section, {})
        assert word_id not in target, word_id
        target[word_id] = text
        del end
    return words


def entries(words, section=None):
    """(section, id, text) of every word, in order."""
    for key, value in words.items():
        if isinstance(value, dict):
            yield from entries(value, key)
        else:
            yield section, key, value


def merge(words, into, report, base=None):
    """Puts every word of `words` into the words file `into` (changed in place); with `base`, only
    those `words` changed since `base`."""
    where = {word_id: (into if section is None else into[section])
             for section, word_id, _ in entries(into)}
    before = {word_id: text for _, word_id, text in entries(base or {})}
    now = {word_id for _, word_id, _ in entries(words)}
    for word_id in before:
        if word_id not in now and word_id in where:
            del where.pop(word_id)[word_id]
            report(f"removed {word_id}")
    for section, word_id, text in entries(words):
        if before.get(word_id) == text:
            continue  # the branch left it as it was
        if word_id in where:
            if where[word_id][word_id] != text:
                where[word_id][word_id] = text
                report(f"changed {word_id}")
            continue
        target = into if section is None else into.setdefault(section, {})
        target[word_id] = text
        where[word_id] = target
        report(f"added {word_id}")
    return into


def dump(words):
    return json.dumps(words, ensure_ascii=False, indent=2) + "\n"


def main(arguments):
    options = dict(zip(arguments[1::2], arguments[2::2]))
    if len(arguments) % 2 != 1 or not set(options) <= {"--into", "--base"} or (
            "--base" in options and "--into" not in options):
        sys.exit(__doc__)
    with open(arguments[0], encoding="utf-8") as file:
        words = convert(file.read())
    if "--into" not in options:
        sys.stdout.write(dump(words))
        return
    base = None
    if "--base" in options:
        with open(options["--base"], encoding="utf-8") as file:
            base = convert(file.read())
    with open(options["--into"], encoding="utf-8") as file:
        into = json.load(file)
    merged = merge(words, into, lambda line: print(line, file=sys.stderr), base)
    with open(options["--into"], "w", encoding="utf-8") as file:
        file.write(dump(merged))


if __name__ == "__main__":
    main(sys.argv[1:])
