// SPDX-License-Identifier: MIT
#include "core/lesson_scaffold.hpp"

#include "messages/messages.hpp"

#include <cctype>
#include <cstdio>
#include <regex>

namespace gpucheck {
namespace {

std::string replace_every(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The scaffold is a lesson that works as it stands: one function to write (time work on a stream
// with events), its experiment, its check, its words in both languages, its hints, a class of two
// submissions (the reference and the starter) and the instructor's notes. The author rewrites it
// into the lesson meant, part by part, and `make selftest LESSON=@NUMBER@` stays green meanwhile.

// The hints, apart from the text (core/lesson_hints.hpp): make hint shows one at a time.
const char hints_md[] = R"scaffold(# Hints: lesson @NUMBER@, Time work on the GPU with events

`make hint LESSON=@NUMBER@` shows these one at a time, from a nudge to nearly the answer: read the
next one only when the one before did not get you further.

1. The work runs on `stream`: whatever times it must be ordered with that stream.

2. Record one event on `stream` before the work and one after it, then wait for the second.

3. cudaEventElapsedTime(&ms, start, stop) gives the milliseconds between the two events.
)scaffold";

const char hints_zh_md[] = R"scaffold(# 提示：第 @NUMBER@ 课，用事件为 GPU 上的工作计时

`make hint LESSON=@NUMBER@` 每次显示一条，从点拨到接近答案：只有前一条帮不上忙时，再看下一条。

1. 工作运行在 `stream` 上：为它计时的东西必须与这个流保持顺序。

2. 在工作之前和之后各在 `stream` 上记录一个事件，然后等待第二个事件。

3. cudaEventElapsedTime(&ms, start, stop) 给出两个事件之间的毫秒数。
)scaffold";

const char lesson_md[] = R"scaffold(---
number: @NUMBER@
title: "Time work on the GPU with events"
article_section: "beyond"
objectives:
  - "Time work on a stream with CUDA events, and return its time in milliseconds."
---

# Time work on the GPU with events

`make new-lesson` wrote this lesson as a start: it builds, its check passes with the reference
solution and fails with the starter. Rewrite each part into the lesson you mean: this text and
`lesson.zh.md`, `exercise.h` and `exercise.cu`, `main.cu`, `check.cu` with its words
(`words.en.json`, `words.zh.json`), the class of submissions (`tests/class.tsv`) and, beside the
reference solution, the instructor's notes.

## Time the work with events

Your function gets work to run on a stream and returns how long the GPU took, in milliseconds:

```{.cuda include="exercise.h" anchor="contract"}
```

Run `make check LESSON=@NUMBER@` to check your exercise, `make hint LESSON=@NUMBER@` when stuck.
)scaffold";

const char lesson_zh_md[] = R"scaffold(---
number: @NUMBER@
title: "用事件为 GPU 上的工作计时"
article_section: "beyond"
objectives:
  - "用 CUDA 事件为一个流上的工作计时，并以毫秒为单位返回。"
---

# 用事件为 GPU 上的工作计时

这一课由 `make new-lesson` 写出，作为起点：它能构建，参考答案能通过检查，初始代码不能。
把每一部分改写成你想要的课程：本文和 `lesson.md`、`exercise.h` 与 `exercise.cu`、`main.cu`、
`check.cu` 及其文字（`words.en.json`、`words.zh.json`）、提交样本（`tests/class.tsv`），
以及参考答案旁边的教师笔记。

## 用事件为工作计时 {#time-the-work-with-events}

你的函数拿到一项要在某个流上运行的工作，返回 GPU 用了多长时间，以毫秒为单位：

```{.cuda include="exercise.h" anchor="contract"}
```

运行 `make check LESSON=@NUMBER@` 检查你的练习；卡住时运行 `make hint LESSON=@NUMBER@`。
)scaffold";

const char exercise_h[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s functions, shared by exercise.cu (the student's), main.cu (the experiment) and
// check.cu (the checks).
#pragma once

#include "light_function.cuh" // gpucourse::light_function: like std::function, faster to compile

#include <cuda_runtime.h>

// Work on the GPU that the checker hands to the student's function: enqueue it on `stream`.
using gpu_work = gpucourse::light_function<void(cudaStream_t stream)>;

// ANCHOR: contract
// How long `work` takes on the GPU when enqueued on `stream`, in milliseconds.
double time_work(const gpu_work& work, cudaStream_t stream); // [ms]
// ANCHOR_END: contract
)scaffold";

const char exercise_cu[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@: time work on the GPU with CUDA events, and return milliseconds.
// Run `make check LESSON=@NUMBER@`; `make hint LESSON=@NUMBER@` when you are stuck.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

// ANCHOR: time_work
double time_work(const gpu_work& work, cudaStream_t stream) {
  // TODO: return how long `work` takes on the GPU, in milliseconds (lesson.md explains how).
  work(stream);
  return 0.0;
}
// ANCHOR_END: time_work
)scaffold";

const char solution_cu[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@: the reference solution: events recorded on the work's own stream.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

double time_work(const gpu_work& work, cudaStream_t stream) {
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaEventRecord(start, stream));
  work(stream);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float elapsed_ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&elapsed_ms, start, stop));
  return elapsed_ms;
}
)scaffold";

const char main_cu[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s experiment (make run LESSON=@NUMBER@): the student's time_work on a kernel
// that runs a fixed loop, after a warm-up launch.
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <cstdio>

__global__ void busy_loop(int iterations, float* sink) {
  float x = 1.0f;
  for (int i = 0; i < iterations; ++i)
    x = x * 1.000001f + 0.5f;
  *sink = x;
}

int main() {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucourse::device_buffer<float> sink(1);
  const gpu_work work = [&](cudaStream_t s) { busy_loop<<<1, 1, 0, s>>>(1 << 20, sink.data()); };
  work(stream); // warm-up: the first launch loads the kernel
  CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("time_work: %.3f ms\n", time_work(work, stream));
  return 0;
}
)scaffold";

const char check_cu[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@'s checks: each trial draws work of a known duration afresh and calls the
// student's function on it (time_known_work), and judge_timing holds the numbers to the GPU's own
// truth. Only the ground truth, the tolerances and the lesson's words are written here: why a
// wrong number is wrong comes from the trace of the failing call, at the student's lines
// (docs/ARCHITECTURE.md, "Adding a lesson").
#include "checkapi/check.cuh"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <vector>

GPU_TEST_CASE("time_work returns the time of the work") {
  const gpucheck::time_tolerance tolerance{0.05, 0.02}; // 5% or 20 us
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::known_duration_work kernel;
  kernel.enqueue(stream, 0.01); // load the kernel now, so that no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<gpucheck::timing_trial> trials;
  for (int i = 0; i < 5; ++i) {
    trials.push_back(gpucheck::time_known_work(
        kernel, gpucheck::random_between(0.5, 5.0), tolerance,
        [&](const gpu_work& work) { return time_work(work, stream); }));
  }
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l@NUMBER2@.time-work.name");
  words.section = "lessons/@FOLDER@/lesson.md#time-the-work-with-events";
  words.zero_hint = gpucheck::say("check.l@NUMBER2@.time-work.zero-hint");
  words.wrong_hint = gpucheck::say("check.l@NUMBER2@.time-work.wrong-hint");
  // One trial may be disturbed by the machine, not two.
  CHECK(gpucheck::report(gpucheck::judge_timing(trials, words, /*allowed_misses=*/1)));
}
)scaffold";

const char words_en_json[] = R"scaffold({
  "time_work": {
    "check.l@NUMBER2@.time-work.name": "time_work returns the time of the work",
    "check.l@NUMBER2@.time-work.zero-hint": "Record an event on `stream` before `work(stream)` and one after it, wait for the second, and return cudaEventElapsedTime's result.",
    "check.l@NUMBER2@.time-work.wrong-hint": "Both events must be recorded on the stream that carries the work, one just before `work(stream)` and one just after it."
  }
}
)scaffold";

const char words_zh_json[] = R"scaffold({
  "time_work": {
    "check.l@NUMBER2@.time-work.name": "time_work 返回的是工作本身的时间",
    "check.l@NUMBER2@.time-work.zero-hint": "在 `work(stream)` 之前和之后各在 `stream` 上记录一个事件，等待第二个事件，然后返回 cudaEventElapsedTime 的结果。",
    "check.l@NUMBER2@.time-work.wrong-hint": "两个事件都必须记录在承载工作的流上：一个紧挨在 `work(stream)` 之前，一个紧挨在它之后。"
  }
}
)scaffold";

// The class of submissions (grade_class.sh): the reference must pass, the starter must fail.
const char class_tsv[] =
    R"scaffold(# What gpucheck grade must say of each submission in class/ (exit codes, docs/ARCHITECTURE.md:
# 0 pass, 1 wrong, 3 build failed, 4 crashed or timed out, 75 inconclusive, 77 no GPU). A column
# lists every verdict allowed; "alone" is a quiet GPU, "loaded" a GPU that another process
# hammers, where a timing fail may honestly be 75 when every wrong time was too long.
# grade timeout: 30
# student	no_gpu	alone	loaded	what it is
reference	77	0	0,75	correct: the reference solution, events on the work's stream
starter	77	1	1	wrong: the starter, which returns 0
)scaffold";

// The lesson's programs beside a noisy neighbour (checker/tests/gpu/noisy_neighbour.sh): a lesson
// without a row fails that GPU test.
const char noisy_neighbour_tsv[] =
    R"scaffold(# This lesson's programs beside a noisy neighbour (checker/tests/gpu/noisy_neighbour.sh), one a
# row: which, how many runs, the exit codes allowed under load, gpucheck check's arguments after
# the lesson's number.
# The starter returns 0 whatever the load: it must fail, never be inconclusive.
solution	5	0 75	--solution
starter	5	1
)scaffold";

const char instructor_md[] = R"scaffold(# Lesson @FOLDER@: instructor's notes

What the check measures: five trials, each on a kernel of known duration drawn afresh between
0.5 and 5 ms, with the student's `time_work` called on it; a number within 5% or 20 us of the
GPU's own time is accurate, and one inaccurate trial of five is allowed (a busy machine). A wrong
number is explained by the trace of the failing call. The class of submissions in
`lessons/@FOLDER@/tests/class.tsv` holds the verdicts: the reference passes, the starter fails.
Students never see this file: it lives beside the reference solution.
)scaffold";

const char instructor_zh_md[] = R"scaffold(# 第 @FOLDER@ 课：教师笔记

检查测量的内容：五次试验，每次都在一个时长已知、在 0.5 到 5 ms 之间重新抽取的核函数上调用学生的
`time_work`；与 GPU 自己测得的时间相差 5% 或 20 us 以内的数字算准确，五次中允许一次不准确
（机器繁忙）。错误数字的原因由失败那次调用的跟踪说明。`lessons/@FOLDER@/tests/class.tsv` 中的提交
样本规定了判定：参考答案通过，初始代码失败。学生看不到这个文件：它放在参考答案旁边。
)scaffold";

} // namespace

std::string lesson_folder_name(int number, const std::string& slug) {
  char digits[8];
  std::snprintf(digits, sizeof digits, "%02d", number);
  return std::string(digits) + "-" + slug;
}

std::string scaffold_name_problem(int number, const std::string& slug) {
  if (number < 0 || number > 99) {
    return messages::text("new-lesson.number-range");
  }
  static const std::regex slug_pattern("[a-z0-9]+(-[a-z0-9]+)*");
  if (!std::regex_match(slug, slug_pattern)) {
    return messages::text("new-lesson.bad-slug", {{"slug", slug}});
  }
  return "";
}

std::vector<scaffold_file> lesson_scaffold(int number, const std::string& slug) {
  const std::string folder = lesson_folder_name(number, slug);
  const std::string two_digits = folder.substr(0, 2); // the words' ids: check.lNN.…
  const auto fill = [&](const char* text) {
    return replace_every(
        replace_every(replace_every(text, "@FOLDER@", folder), "@NUMBER2@", two_digits), "@NUMBER@",
        std::to_string(number));
  };
  const std::string lesson_dir = "lessons/" + folder + "/";
  const std::string solution_dir = "solutions/" + folder + "/";
  return {
      {lesson_dir + "lesson.md", fill(lesson_md)},
      {lesson_dir + "lesson.zh.md", fill(lesson_zh_md)},
      {lesson_dir + "hints.md", fill(hints_md)},
      {lesson_dir + "hints.zh.md", fill(hints_zh_md)},
      {lesson_dir + "exercise.h", fill(exercise_h)},
      {lesson_dir + "exercise.cu", fill(exercise_cu)},
      {lesson_dir + "main.cu", fill(main_cu)},
      {lesson_dir + "check.cu", fill(check_cu)},
      {lesson_dir + "words.en.json", fill(words_en_json)},
      {lesson_dir + "words.zh.json", fill(words_zh_json)},
      {lesson_dir + "tests/class.tsv", fill(class_tsv)},
      {lesson_dir + "tests/class/reference.cu", fill(solution_cu)},
      {lesson_dir + "tests/class/starter.cu", fill(exercise_cu)},
      {lesson_dir + "tests/noisy_neighbour.tsv", fill(noisy_neighbour_tsv)},
      {solution_dir + "exercise.cu", fill(solution_cu)},
      {solution_dir + "instructor.md", fill(instructor_md)},
      {solution_dir + "instructor.zh.md", fill(instructor_zh_md)},
  };
}

} // namespace gpucheck
