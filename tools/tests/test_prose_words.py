#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/prose_words.py: what counts as prose in a lesson text, how Chinese is counted, and the
ratchet of texts still over the limit."""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import prose_words  # noqa: E402

# Eleven prose words, each marked, among everything that is not prose.
LESSON = """---
number: 3
title: Not counted at all
objectives:
  - Nor this line
---

# One heading {#a-heading-anchor}

Two three `cudaFree` [five](https://docs.nvidia.com/not/counted.html) - |

```{.cuda include="exercise.cu" anchor="x"}
int not_counted = 0;
```

````{.output lesson="03-async" run="main"}
```
not counted either
```
````

~~~
tilde fence not counted
~~~

<!-- a comment,
over two lines, not counted -->

| six | 7 |
|:----|--:|

<!-- lesson-text: figure -->

![figure not counted](figures/x.svg)

<!-- lesson-text: end -->

*Eight nine-ten 2,000.*

<!-- lesson-text: chapter-end -->

## The article's numbers not counted

<!-- lesson-text: end -->
"""


class Counting(unittest.TestCase):
    def test_only_the_prose_of_a_lesson_counts(self):
        self.assertEqual(prose_words.count_words(LESSON, "en"), 11)

    def test_an_unclosed_fence_hides_the_rest_and_no_more(self):
        self.assertEqual(prose_words.count_words("one two\n```\nthree four\n", "en"), 2)

    def test_chinese_counts_characters_over_the_ratio_plus_latin_words(self):
        # 15 ideographs / 1.7 = 8.8, 9 words rounded up, plus `cudaMemcpy`, 2 and ms: 12.
        text = "第一句话里有十个汉字吗？`cudaMemcpy` 用了 2 ms，对吧。"
        cjk = len(prose_words.CJK_CHAR.findall(text))
        self.assertEqual(cjk, 15)
        self.assertEqual(prose_words.count_words(text, "zh"), 9 + 3)

    def test_chinese_punctuation_is_no_word(self):
        self.assertEqual(prose_words.count_words("“”。，、（）：；《》", "zh"), 0)

    def test_english_counts_a_stray_ideograph_as_one_word(self):
        self.assertEqual(prose_words.count_words("the article's 误区 section", "en"), 5)


class Limits(unittest.TestCase):
    COUNTS = {"00-setup": {"en": 2100, "zh": 1900}, "01-warmup": {"en": 1500, "zh": 1500}}

    def test_a_text_over_its_limit_fails_unless_listed(self):
        errors, notes = prose_words.judge(self.COUNTS, 2000, 16000, {}, None)
        self.assertEqual(errors, ["lessons/00-setup/lesson.md: error: 2100 prose words, over the "
                                  "limit of 2000"])
        self.assertEqual(notes, [])
        errors, notes = prose_words.judge(self.COUNTS, 2000, 16000, {("00-setup", "en"): 5},
                                          "over.txt")
        self.assertEqual(errors, [])
        self.assertEqual(len(notes), 1)

    def test_a_listed_text_within_its_limit_fails(self):
        errors, _ = prose_words.judge(self.COUNTS, 2000, 16000,
                                      {("00-setup", "en"): 5, ("01-warmup", "zh"): 6}, "over.txt")
        self.assertEqual(errors, ["over.txt:6: error: 01-warmup zh is within the limit of 2000 "
                                  "(1500 prose words): remove its line"])

    def test_the_course_total_has_its_own_limit(self):
        errors, _ = prose_words.judge(self.COUNTS, None, 3500, {}, None)
        self.assertEqual(errors, ["the course (en): error: 3600 prose words, over the limit of "
                                  "3500"])

    def test_the_command_exits_1_over_a_limit_and_0_in_report_mode(self):
        with tempfile.TemporaryDirectory() as root:
            lesson = os.path.join(root, "00-setup")
            os.mkdir(lesson)
            with open(os.path.join(lesson, "lesson.md"), "w", encoding="utf-8") as handle:
                handle.write(LESSON)
            tool = [sys.executable, os.path.join(HERE, "..", "prose_words.py"), lesson]
            report = subprocess.run(tool, capture_output=True, text=True, check=False)
            self.assertEqual(report.returncode, 0)
            self.assertIn("00-setup", report.stdout)
            over = subprocess.run(tool + ["--max-lesson", "10"], capture_output=True, text=True,
                                  check=False)
            self.assertEqual(over.returncode, 1)
            self.assertIn("lessons/00-setup/lesson.md: error: 11 prose words", over.stderr)


if __name__ == "__main__":
    unittest.main()
