// SPDX-License-Identifier: MIT
// Lesson 04's checks. Each trial queues 15-30 ms of background work on the stream, then calls the
// student's function with work of a known duration (0.5-5 ms, drawn afresh), and compares what the
// function returns with what the GPU really spent on that work.
#include "checkapi/check.cuh"
#include "cuda_check.cuh"
#include "exercise.h"

#include <algorithm>
#include <vector>

namespace {

using gpucheck::format_ms;

constexpr int trial_count = 5;
constexpr int trials_to_pass = 4; // one trial may be disturbed by the machine, not two
constexpr char lesson[] = "lessons/04-two-sync-methods/lesson.md";

struct trial {
  double reported_ms = 0;      // what the student's function returned
  double work_ms = 0;          // what the work really took on the GPU
  double queued_ms = 0;        // the background work queued just before the call
  double call_ms = 0;          // from the call to its return, on the checker's host clock
  int work_runs = 0;           // how many times the function called work(stream)
  bool read_cpu_clock = false; // the function called clock(), which counts CPU time
  gpucheck::time_verdict verdict = gpucheck::time_verdict::accurate;
  gpucheck::timed_call call; // the call itself, which gpucheck finds in the trace
};

using timing_function = double (*)(const gpu_work&, cudaStream_t);

std::vector<trial> run_trials(timing_function time_it, gpucheck::time_tolerance tolerance) {
  // A non-blocking stream: the legacy default stream does not wait for it, so events recorded
  // on stream 0 would not bracket the work (the mistake this lesson must catch).
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::known_duration_work background;
  gpucheck::known_duration_work work;
  work.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<trial> trials;
  for (int i = 0; i < trial_count; ++i) {
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    background.enqueue(stream, gpucheck::random_between(15.0, 30.0));
    trial result;
    const auto cpu_clock_reads_before = gpucheck::cpu_clock_reads();
    const int runs_before = work.runs();
    const auto call = gpucheck::call_timed(
        [&] { return time_it([&](cudaStream_t s) { work.enqueue(s, work_ms); }, stream); });
    result.call = call;
    result.reported_ms = call.reported_ms;
    result.call_ms = call.call_ms;
    result.read_cpu_clock = gpucheck::cpu_clock_reads() != cpu_clock_reads_before;
    result.work_runs = work.runs() - runs_before;
    result.work_ms = work.true_ms_since(runs_before, work_ms);
    result.queued_ms = background.last_true_ms();
    result.verdict = gpucheck::judge_time(result.reported_ms, result.work_ms, tolerance);
    trials.push_back(result);
  }
  return trials;
}

// The trials as the slip judgement (number_slip.hpp) sees them.
std::vector<gpucheck::timed_call> calls_of(const std::vector<trial>& trials) {
  std::vector<gpucheck::timed_call> calls;
  for (const trial& t : trials) {
    calls.push_back({t.reported_ms, t.work_ms, t.call_ms});
  }
  return calls;
}

// The trial that shows the mistake best: the first one that failed, or the first one.
const trial& telling_trial(const std::vector<trial>& trials) {
  const auto failed = std::find_if(trials.begin(), trials.end(), [](const trial& t) {
    return t.verdict != gpucheck::time_verdict::accurate;
  });
  return failed != trials.end() ? *failed : trials.front();
}

gpucheck::check_outcome judge_trials(const char* function, const std::vector<trial>& trials,
                                     gpucheck::time_tolerance tolerance) {
  const long accurate = std::count_if(trials.begin(), trials.end(), [](const trial& t) {
    return t.verdict == gpucheck::time_verdict::accurate;
  });
  const trial& shown = telling_trial(trials);
  gpucheck::check_outcome outcome;
  outcome.name = std::string(function) + " returns the time of the work alone";
  outcome.passed = accurate >= trials_to_pass;
  gpucheck::show_call(outcome, shown.call, shown.work_ms);
  // A busy GPU can make a trial read too long, never too short, in another unit or longer than
  // the call: such a failure stands on any GPU.
  outcome.noise_could_explain =
      std::all_of(trials.begin(), trials.end(),
                  [](const trial& t) {
                    return gpucheck::noise_could_cause(t.verdict, /*own_clock=*/true);
                  }) &&
      gpucheck::common_number_slip(calls_of(trials), tolerance).slip == gpucheck::number_slip::none;
  outcome.expected = format_ms(shown.work_ms) + " (the work alone, within " +
                     format_ms(tolerance.allowed_ms(shown.work_ms)) + ")";
  outcome.measured = format_ms(shown.reported_ms) + " (" + std::to_string(accurate) + " of " +
                     std::to_string(trials.size()) + " trials accurate)";
  return outcome;
}

void explain_device_sync(gpucheck::check_outcome& outcome, const trial& t) {
  const double extra_ms = t.reported_ms - t.work_ms;
  switch (t.verdict) {
  case gpucheck::time_verdict::accurate:
    return;
  case gpucheck::time_verdict::too_long:
    if (extra_ms >= 0.5 * t.queued_ms) {
      outcome.message = "your number includes " + format_ms(extra_ms) +
                        " of other work: " + format_ms(t.queued_ms) +
                        " of work was already queued on the GPU when your function was called, "
                        "and the wait at the end of your timing waited for it too, while your "
                        "clock was running.";
      outcome.hint = "Empty the queue before you start the clock: call cudaDeviceSynchronize() "
                     "before the first clock read, too.";
      outcome.rule = "stale-queue";
      outcome.lesson_section = std::string(lesson) + "#why-method-1-waits-for-earlier-work";
    } else {
      outcome.message = "your number is " + format_ms(extra_ms) +
                        " longer than the work itself: something besides the work sits between "
                        "your two clock reads.";
      outcome.hint = "Keep only `work(stream)` and the synchronize between the two clock reads: "
                     "no allocation, no printing, no stream or event creation.";
      outcome.rule = "setup-in-region";
      outcome.lesson_section =
          std::string(lesson) + "#method-1-a-host-clock-and-a-device-wide-sync";
    }
    return;
  case gpucheck::time_verdict::too_short:
    outcome.message = "your number is shorter than the work: the clock stopped " +
                      format_ms(-extra_ms) + " before the GPU finished it.";
    outcome.hint = "A launch returns before the GPU runs the work. Call cudaDeviceSynchronize() "
                   "after `work(stream)` and before you read the clock the second time.";
    outcome.rule = "unsynced-stop";
    outcome.lesson_section = std::string(lesson) + "#method-1-a-host-clock-and-a-device-wide-sync";
    return;
  case gpucheck::time_verdict::not_a_number:
    outcome.message =
        "your function returned " + format_ms(t.reported_ms) + ", which is not a duration.";
    outcome.hint = "Return (stop - start) in milliseconds, e.g. with "
                   "std::chrono::duration<double, std::milli>.";
    return;
  }
}

void explain_events(gpucheck::check_outcome& outcome, const trial& t) {
  const double extra_ms = t.reported_ms - t.work_ms;
  switch (t.verdict) {
  case gpucheck::time_verdict::accurate:
    return;
  case gpucheck::time_verdict::too_short:
    if (t.reported_ms == 0.0) {
      outcome.message = "your function returned 0 ms: it does not time anything yet, or "
                        "cudaEventElapsedTime failed and left your variable at 0 (it does when "
                        "the stop event has not happened yet, or an event cannot time).";
      outcome.hint = "Record an event before and one after `work(stream)`, wait for the second "
                     "with cudaEventSynchronize, and return cudaEventElapsedTime's result; wrap "
                     "each call in CUDA_CHECK to see any error.";
      outcome.lesson_section = std::string(lesson) + "#method-2-cuda-events";
      return;
    }
    outcome.message = "your events measured " + format_ms(t.reported_ms) + " but the work ran " +
                      format_ms(t.work_ms) +
                      ": the events did not bracket the work. The work runs on a non-blocking "
                      "stream, and events recorded on another stream (stream 0 included) are "
                      "not ordered with it.";
    outcome.hint = "Pass `stream` to both cudaEventRecord calls: cudaEventRecord(start, stream).";
    outcome.rule = "event-stream-mismatch";
    outcome.lesson_section =
        std::string(lesson) + "#record-events-on-the-stream-that-carries-the-work";
    return;
  case gpucheck::time_verdict::too_long:
    outcome.message = "your events measured " + format_ms(extra_ms) +
                      " more than the work: they bracket something else too (" +
                      format_ms(t.queued_ms) + " of work was queued just before your function).";
    outcome.hint = "Record the start event immediately before `work(stream)` and the stop event "
                   "immediately after it, both on `stream`.";
    outcome.rule = "event-stream-mismatch";
    outcome.lesson_section = std::string(lesson) + "#method-2-cuda-events";
    return;
  case gpucheck::time_verdict::not_a_number:
    outcome.message =
        "your function returned " + format_ms(t.reported_ms) + ", which is not a duration.";
    outcome.hint = "Return the milliseconds that cudaEventElapsedTime wrote.";
    return;
  }
}

// A number in the wrong unit, or longer than the call that returned it, shows its mistake by
// itself: the message says so (not a timing mistake the student did not make), and no busy GPU
// excuses it.
void explain_number_slip(gpucheck::check_outcome& outcome, const std::vector<trial>& trials,
                         gpucheck::time_tolerance tolerance) {
  if (gpucheck::name_number_slip(outcome, calls_of(trials), tolerance)) {
    outcome.lesson_section = std::string(lesson) + "#your-task";
  }
}

// A function that never ran the work, or ran it several times, timed something else than one
// run of it: say so, whatever its number looks like (a missing work(stream) reads like events
// that bracket nothing).
void explain_work_runs(gpucheck::check_outcome& outcome, const std::vector<trial>& trials) {
  std::vector<gpucheck::counted_call> calls;
  for (const trial& t : trials) {
    calls.push_back({t.work_runs, t.reported_ms, t.work_ms});
  }
  if (gpucheck::name_work_runs(outcome, calls)) {
    outcome.lesson_section = std::string(lesson) + "#your-task";
  }
}

// clock() counts the CPU time of the process, not the time that passes: it reads about right
// while the host spins in cudaDeviceSynchronize, and stands still while it sleeps there (with
// cudaDeviceScheduleBlockingSync). The number is then right by luck, so the method fails even
// when the number passed.
void fail_cpu_time_clock(gpucheck::check_outcome& outcome, const std::vector<trial>& trials) {
  const bool read =
      std::any_of(trials.begin(), trials.end(), [](const trial& t) { return t.read_cpu_clock; });
  if (!read) {
    return;
  }
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.message = "your function reads clock(), which counts the CPU time your process used, "
                    "not the time that passed. It reads about right only while the CPU spins "
                    "waiting for the GPU; if the CPU sleeps in the wait (blocking sync), it "
                    "misses the wait.";
  outcome.hint = "Use a wall clock: std::chrono::steady_clock::now() before and after, and "
                 "return the difference in milliseconds.";
  outcome.rule = "cpu-time-clock";
  outcome.lesson_section = std::string(lesson) + "#method-1-a-host-clock-and-a-device-wide-sync";
}

} // namespace

// A failure must repeat to count. A round whose wrong times were all too long (what a busy host
// or GPU can cause: TOLERANCES.md) is followed by a second round of fresh trials, which decides.
// A real mistake fails both; a burst of noise seldom lasts through two.
gpucheck::check_outcome judge_function(const char* function, timing_function time_it,
                                       gpucheck::time_tolerance tolerance,
                                       void (*explain)(gpucheck::check_outcome&, const trial&)) {
  auto trials = run_trials(time_it, tolerance);
  auto outcome = judge_trials(function, trials, tolerance);
  if (!outcome.passed && outcome.noise_could_explain) {
    trials = run_trials(time_it, tolerance);
    outcome = judge_trials(function, trials, tolerance);
    if (!outcome.passed) {
      outcome.measured += ", in a second round after the first failed too";
    }
  }
  explain(outcome, telling_trial(trials));
  explain_number_slip(outcome, trials, tolerance);
  explain_work_runs(outcome, trials);
  fail_cpu_time_clock(outcome, trials);
  return outcome;
}

GPU_TEST_CASE("time_with_device_sync times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, 0.05}; // 5% or 50 us
  CHECK(gpucheck::report(judge_function("time_with_device_sync", time_with_device_sync, tolerance,
                                        explain_device_sync)));
}

GPU_TEST_CASE("time_with_events times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, 0.02}; // 5% or 20 us
  CHECK(gpucheck::report(
      judge_function("time_with_events", time_with_events, tolerance, explain_events)));
}
