// SPDX-License-Identifier: MIT
// Lesson 09-fusion's checks. TODO(author): the lesson's own checks, in this pattern: each trial
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
  words.section = "lessons/09-fusion/lesson.md";
  words.zero_hint = "TODO(author): what to write first.";
  words.wrong_hint = "TODO(author): the fix, when the trace does not name the cause.";
  // One trial may be disturbed by the machine, not two.
  CHECK(gpucheck::report(gpucheck::judge_timing(trials, words, /*allowed_misses=*/1)));
}
