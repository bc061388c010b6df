// SPDX-License-Identifier: MIT
// Lesson 04's checks. Each trial queues 15-30 ms of background work on the stream, then calls the
// student's function with a kernel of known duration (0.5-5 ms, drawn afresh), and compares what
// the function returns with what the GPU really spent on that kernel. Why a wrong number is wrong
// comes from the trace of the failing call (docs/ARCHITECTURE.md, "Which why wins").
#include "checkapi/check.cuh"
#include "cuda_check.cuh"
#include "exercise.h"

#include <vector>

namespace {

constexpr int trial_count = 5;
constexpr int allowed_misses = 1; // one trial may be disturbed by the machine, not two
constexpr char background[] = "15-30 ms of other work was queued on the stream before each call";
const std::string lesson = "lessons/04-two-sync-methods/lesson.md";

using timing_function = double (*)(const gpu_work&, cudaStream_t);

std::vector<gpucheck::timing_trial> run_trials(timing_function time_it,
                                               gpucheck::time_tolerance tolerance) {
  // A non-blocking stream: the legacy default stream does not wait for it, so events recorded
  // on stream 0 would not bracket the work (the mistake this lesson must catch).
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::known_duration_work other_work;
  gpucheck::known_duration_work kernel;
  kernel.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<gpucheck::timing_trial> trials;
  for (int i = 0; i < trial_count; ++i) {
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    other_work.enqueue(stream, gpucheck::random_between(15.0, 30.0));
    trials.push_back(gpucheck::time_known_work(
        kernel, work_ms, tolerance, [&](const gpu_work& work) { return time_it(work, stream); }));
  }
  return trials;
}

} // namespace

GPU_TEST_CASE("time_with_device_sync times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, 0.05}; // 5% or 50 us
  gpucheck::timing_words words;
  words.name = "time_with_device_sync returns the time of the work alone";
  words.section = lesson + "#method-1-a-host-clock-and-a-device-wide-sync";
  words.context = background;
  words.zero_hint = "Read std::chrono::steady_clock::now() before and after `work(stream)`, "
                    "and return the difference in milliseconds.";
  words.wrong_hint = "Between your two clock reads keep only `work(stream)` and a wait for it, "
                     "and make sure nothing older is still running when the first read happens.";
  CHECK(gpucheck::report(gpucheck::judge_timing_twice(
      [&] { return run_trials(time_with_device_sync, tolerance); }, words, allowed_misses)));
}

GPU_TEST_CASE("time_with_events times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, 0.02}; // 5% or 20 us
  gpucheck::timing_words words;
  words.name = "time_with_events returns the time of the work alone";
  words.section = lesson + "#method-2-cuda-events";
  words.context = background;
  words.zero_hint = "Record an event before and one after `work(stream)`, wait for the second, "
                    "and return cudaEventElapsedTime's result; wrap each call in CUDA_CHECK to "
                    "see any error (cudaEventElapsedTime leaves your variable alone when it "
                    "fails).";
  words.wrong_hint = "Both events must be recorded on the stream that carries the work, one "
                     "just before `work(stream)` and one just after it.";
  CHECK(gpucheck::report(gpucheck::judge_timing_twice(
      [&] { return run_trials(time_with_events, tolerance); }, words, allowed_misses)));
}
