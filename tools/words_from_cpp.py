#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Converts a words file of the old C++ form (constexpr std::array of entry{"id", "text"}, with
`// section` comments) to the words format of docs/ARCHITECTURE.md ("Words"): a JSON object of
id -> text, each `// section` an object of its own. For a branch that still edits the old files:

    tools/words_from_cpp.py lessons/04-two-sync-methods/words_zh.cpp > .../words.zh.json
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
    for match in re.finditer(r"//[^\n]*|entry\{", body):
        if match.start() < at:
            continue
        if match.group(0).startswith("//"):
            section = match.group(0)[2:].strip()
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


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        print(json.dumps(convert(file.read()), ensure_ascii=False, indent=2))
