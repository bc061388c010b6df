// SPDX-License-Identifier: MIT
#include "core/lesson_scaffold.hpp"

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

// The hints, apart from the text (core/lesson_hints.hpp): make hint shows one at a time.
const char hints_md[] = R"scaffold(# Hints: lesson @NUMBER@

`make hint LESSON=@NUMBER@` shows these one at a time, from a nudge to nearly the answer: read the
next one only when the one before did not get you further.

1. TODO(author): a nudge: where to look.

2. TODO(author): the idea: which call, and why.

3. TODO(author): nearly the answer.
)scaffold";

const char lesson_md[] = R"scaffold(---
number: @NUMBER@
title: "TODO(author): the lesson's title"
article_section: "TODO(author): the article's section this lesson mirrors, or beyond"
objectives:
  - "TODO(author): what the student can do after this lesson."
---

# TODO(author): the lesson's title

TODO(author): what the student learns, in the article's order. Show code only by anchors:

```{.cuda include="exercise.h" anchor="contract"}
```

Run `make check LESSON=@NUMBER@` to check your exercise, `make hint LESSON=@NUMBER@` when stuck.
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
// TODO(author): declare what the student writes, each function with its contract (units in the
// names or comments). The scaffold's example: how long `work` takes on the GPU.
double time_work(const gpu_work& work, cudaStream_t stream); // [ms]
// ANCHOR_END: contract
)scaffold";

const char exercise_cu[] = R"scaffold(// SPDX-License-Identifier: MIT
// Lesson @FOLDER@: TODO(author): the task in two or three lines.
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
// Lesson @FOLDER@: the reference solution. TODO(author): the lesson's own.
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
// Lesson @FOLDER@'s experiment (make run LESSON=@NUMBER@). TODO(author): the article's experiment,
// calling the student's functions and printing what the article printed.
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
// Lesson @FOLDER@'s checks. TODO(author): the lesson's own checks, in this pattern: each trial
// draws work of a known duration afresh and calls the student's function on it (time_known_work),
// and judge_timing holds the numbers to the GPU's own truth. Write here only the ground truth, the
// tolerances and the words of the lesson: why a wrong number is wrong comes from the trace of the
// failing call, at the student's lines (docs/ARCHITECTURE.md, "Adding a lesson").
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
  words.name = "time_work returns the time of the work";
  words.section = "lessons/@FOLDER@/lesson.md";
  words.zero_hint = "TODO(author): what to write first.";
  words.wrong_hint = "TODO(author): the fix, when the trace does not name the cause.";
  // One trial may be disturbed by the machine, not two.
  CHECK(gpucheck::report(gpucheck::judge_timing(trials, words, /*allowed_misses=*/1)));
}
)scaffold";

const char instructor_md[] = R"scaffold(# Lesson @FOLDER@: instructor's notes

TODO(author): what the lesson's checks measure and how they judge (trials, tolerances, ground
truth), the mistakes students make and what gpucheck tells them for each, and how to run the
lesson's experiment on a GPU. Students never see this file: it lives beside the reference solution.
)scaffold";

} // namespace

std::string lesson_folder_name(int number, const std::string& slug) {
  char digits[8];
  std::snprintf(digits, sizeof digits, "%02d", number);
  return std::string(digits) + "-" + slug;
}

std::string scaffold_name_problem(int number, const std::string& slug) {
  if (number < 0 || number > 99) {
    return "the lesson's number must be 0 to 99";
  }
  static const std::regex slug_pattern("[a-z0-9]+(-[a-z0-9]+)*");
  if (!std::regex_match(slug, slug_pattern)) {
    return "the slug must be lowercase words joined by '-' (my-topic), not '" + slug + "'";
  }
  return "";
}

std::vector<scaffold_file> lesson_scaffold(int number, const std::string& slug) {
  const std::string folder = lesson_folder_name(number, slug);
  const auto fill = [&](const char* text) {
    return replace_every(replace_every(text, "@FOLDER@", folder), "@NUMBER@",
                         std::to_string(number));
  };
  const std::string lesson_dir = "lessons/" + folder + "/";
  return {
      {lesson_dir + "lesson.md", fill(lesson_md)},
      {lesson_dir + "hints.md", fill(hints_md)},
      {lesson_dir + "exercise.h", fill(exercise_h)},
      {lesson_dir + "exercise.cu", fill(exercise_cu)},
      {lesson_dir + "main.cu", fill(main_cu)},
      {lesson_dir + "check.cu", fill(check_cu)},
      {"solutions/" + folder + "/exercise.cu", fill(solution_cu)},
      {"solutions/" + folder + "/instructor.md", fill(instructor_md)},
  };
}

} // namespace gpucheck
