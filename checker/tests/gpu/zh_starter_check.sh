#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# zh_starter_check.sh GPUCHECK FOLDER: the starter of lesson FOLDER (NN-slug, one whose starter
# fails checks that show what was expected and what was measured: checker/tests/gpu/CMakeLists.txt
# picks it), checked with GPUCHECK_LANG=zh on a GPU, fails (exit 1) and says so in Chinese: the
# verdict, the headline, the fields of a failed check (应为, 实测, 原因), the check's own words, the
# rule id as it is, and the next step. Exit 77 where there is no GPU.
set -u
source "$(dirname "$0")/have_gpu.sh" # exit 77 with its reason where there is no GPU
gpucheck=$1
folder=${2:?usage: zh_starter_check.sh GPUCHECK FOLDER}
number=${folder%%-*}
output=$(GPUCHECK_LANG=zh "$gpucheck" check "$folder" --starter 2>&1)
code=$?
printf '%s\n' "$output"
if [ "$code" = 77 ]; then
  exit 77
fi
fail() { echo "zh_starter_check.sh: $*" >&2; exit 1; }
[ "$code" = 1 ] || fail "exit code $code, expected 1 (the starter is wrong)"
flat=$(printf '%s' "$output" | tr '\n' ' ')
for pattern in "未通过  课程 $folder：" "项检查中有 [0-9]+ 项未通过。" \
               "  失败 " " 应为  " " 实测  " " 原因  " "修改 .*exercise.cu 后，再运行 make check LESSON=$number"; do
  printf '%s' "$flat" | grep -Eq -- "$pattern" || fail "the output does not match /$pattern/"
done
# A rule named in the report keeps its id (规则 stale-queue, not a translation of it).
if printf '%s' "$flat" | grep -q " 规则  "; then
  printf '%s' "$flat" | grep -Eq " 规则      [a-z]+(-[a-z]+)+" || fail "the rule id is not shown as it is"
fi
# The check programs' own words are Chinese too (checkapi/say.hpp): the name of every check, and
# what each failed check says about why and what to change, hold Chinese characters.
printf '%s\n' "$output" | python3 -c '
import re, sys
lines = [l for l in sys.stdin.read().splitlines()
         if re.match(r"^ +(通过|失败|原因|修改建议) ", l)]
english = [l for l in lines if not re.search("[\u4e00-\u9fff]", re.sub(r"^ +\S+ +", "", l, count=1))]
if not lines or english:
    sys.exit("no check lines" if not lines else "English where Chinese is due:\n" + "\n".join(english))
' || fail "a check's own words are not in Chinese"
# The English labels of the same fields are not there.
if printf '%s' "$output" | grep -Eq "^ +(expected|measured|why|fix)  "; then
  fail "English field labels in a Chinese run"
fi
echo "zh_starter_check.sh: the starter of $folder fails, in Chinese"
