// SPDX-License-Identifier: MIT
// Lesson 04's checks. Each trial of the first three queues background work, then calls the
// student's function with a kernel of known duration (0.5-5 ms, drawn afresh), and compares what
// the function returns with what the GPU really spent on that kernel: 15-30 ms queued on the
// work's own stream for the first two; for time_with_stream_sync 5-15 ms there and 40-80 ms on
// another stream, which the function must leave running. The fourth gives work paced at 5-10 us
// per run (checkapi/paced_work.cuh) and judges the time per run within 2%. Why a wrong number is
// wrong comes from the trace of the failing call (docs/ARCHITECTURE.md, "Which why wins"). The
// fifth, last, has measure_stale_queue make the article's mistake on purpose (judgement/
// stale_queue.hpp).
#include "checkapi/check.cuh"
#include "checkapi/paced_work_trial.cuh"
#include "checkapi/stream_state.cuh"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/stale_queue.hpp"
#include "judgement/sync_facts.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using gpucheck::short_work_trial;
using gpucheck::stream_trial;

constexpr int trial_count = 5;
constexpr int allowed_misses = 1; // one trial may be disturbed by the machine, not two
// What a host clock around a synchronize may add to the work it times: 150 us, above the most
// measured on an H100 after 15-30 ms of queued work (68 us in the class's gradings, 97 us in
// bench/experiments/host_round_trip.cu); under a third of the smallest mistake, 0.5 ms
// (tolerances.md).
constexpr double host_clock_absolute_ms = 0.15;
const std::string lesson = "lessons/04-two-sync-methods/lesson.md";

using timing_function = double (*)(const gpu_work&, cudaStream_t);

std::vector<gpucheck::timing_trial> queued_work_trials(timing_function time_it,
                                                       gpucheck::time_tolerance tolerance) {
  // A non-blocking stream: the legacy default stream does not wait for it, so events recorded
  // on stream 0 would not bracket the work (the mistake this lesson must catch).
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::known_duration_work other_work;
  gpucheck::known_duration_work kernel;
  kernel.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  return gpucheck::run_trials(trial_count, [&] {
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    other_work.enqueue(stream, gpucheck::random_between(15.0, 30.0));
    return gpucheck::time_known_work(kernel, work_ms, tolerance,
                                     [&](const gpu_work& work) { return time_it(work, stream); });
  });
}

std::vector<stream_trial> run_stream_sync_trials(gpucheck::time_tolerance tolerance) {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucourse::cuda_stream other(cudaStreamNonBlocking);
  gpucheck::known_duration_work earlier_work; // on `stream`: must not be in the number
  gpucheck::known_duration_work other_work;   // on `other`: must not be waited for
  gpucheck::known_duration_work kernel;
  kernel.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  return gpucheck::run_trials(trial_count, [&] {
    const double work_ms = gpucheck::random_between(0.5, 5.0);
    stream_trial trial;
    other_work.enqueue(other, gpucheck::random_between(40.0, 80.0));
    earlier_work.enqueue(stream, gpucheck::random_between(5.0, 15.0));
    trial.timing = gpucheck::time_known_work(kernel, work_ms, tolerance, [&](const gpu_work& work) {
      const double reported_ms = time_with_stream_sync(work, stream);
      trial.other.done_at_return = gpucheck::stream_has_finished(other);
      return reported_ms;
    });
    gpucheck::gpu_span work, other_span;
    kernel.last_span_ns(work.start_ns, work.end_ns);
    other_work.last_span_ns(other_span.start_ns, other_span.end_ns);
    gpucheck::note_other_work(trial.other, work, {other_span});
    return trial;
  });
}

std::vector<short_work_trial> run_short_work_trials(gpucheck::time_tolerance tolerance) {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  gpucheck::paced_work kernel;
  kernel.enqueue(stream, 0.005); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  return gpucheck::run_trials(trial_count, [&] {
    const double run_ms = gpucheck::random_between(0.005, 0.010);
    short_work_trial trial;
    trial.timing = gpucheck::time_paced_runs(kernel, run_ms, tolerance, [&](const gpu_work& work) {
      const batch_time batch = time_short_work(work, stream);
      trial.total_ms = batch.total_ms;
      trial.said_runs = batch.runs;
      return gpucheck::batch_report{batch.total_ms, batch.runs};
    });
    return trial;
  });
}

// The check's own work for measure_stale_queue, each run stamped on the GPU's clock: two runs
// of earlier work and two of the timed work per call, and spares for a function that calls
// either more often.
struct stale_work {
  static constexpr std::size_t spare = 2;
  std::vector<gpucheck::known_duration_work> earlier{2 + spare};
  std::vector<gpucheck::known_duration_work> work{2 + spare};
};

// One call of measure_stale_queue: 5-15 ms of earlier work and 0.5-3 ms of work, drawn afresh,
// the same lengths for both timings, on a non-blocking stream of an idle GPU. Inside each call
// of earlier or work the check notes the order; the GPU stamps give each number its truth.
gpucheck::stale_trial run_stale_trial(cudaStream_t stream, stale_work& runs) {
  // Both numbers are method 1's: a host clock, as time_with_device_sync.
  const gpucheck::time_tolerance tolerance{0.05, host_clock_absolute_ms};
  const double earlier_ms = gpucheck::random_between(5.0, 15.0);
  const double work_ms = gpucheck::random_between(0.5, 3.0);
  gpucheck::stale_trial trial;
  trial.order.reserve(16); // no allocation inside the student's timing, mostly
  std::size_t earlier_calls = 0;
  std::size_t work_calls = 0;
  const gpu_work earlier = [&](cudaStream_t s) {
    trial.order.push_back('e');
    runs.earlier[std::min(earlier_calls++, runs.earlier.size() - 1)].enqueue(s, earlier_ms);
  };
  const gpu_work work = [&](cudaStream_t s) {
    trial.order.push_back('w');
    runs.work[std::min(work_calls++, runs.work.size() - 1)].enqueue(s, work_ms);
  };
  CUDA_CHECK(cudaDeviceSynchronize()); // the GPU is idle when the function is called
  stale_queue_times times;
  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  const gpucheck::timed_call call = gpucheck::call_timed([&] {
    times = measure_stale_queue(earlier, work, stream);
    return times.queued_ms;
  });
  CUDA_CHECK(cudaDeviceSynchronize());
  for (gpucheck::timing_trial* timing : {&trial.queued, &trial.emptied}) {
    timing->work = gpucheck::say("check.api.work.known-kernel");
    timing->tolerance = tolerance;
    timing->own_clock = true; // the truth is the work's own stamps
    timing->call = call;
  }
  trial.queued.read_cpu_clock = gpucheck::cpu_clock_read_since(clock_reads_before);
  trial.queued.reported_ms = times.queued_ms;
  trial.emptied.reported_ms = times.emptied_ms;
  trial.emptied.call.reported_ms = times.emptied_ms;
  if (earlier_calls >= 2 && work_calls >= 2) {
    const gpucheck::gpu_span first_earlier = runs.earlier[0].last_span();
    const gpucheck::gpu_span first_work = runs.work[0].last_span();
    const gpucheck::gpu_span second_earlier = runs.earlier[1].last_span();
    const gpucheck::gpu_span second_work = runs.work[1].last_span();
    trial.earlier_ms = gpucheck::ms_between(first_earlier.start_ns, first_earlier.end_ns);
    trial.first_work_ms = gpucheck::ms_between(first_work.start_ns, first_work.end_ns);
    trial.queued.truth_ms = gpucheck::ms_between(first_earlier.start_ns, first_work.end_ns);
    trial.emptied.truth_ms = gpucheck::ms_between(second_work.start_ns, second_work.end_ns);
    trial.emptied_stale_ms = gpucheck::ms_between(second_earlier.start_ns, second_work.end_ns);
  } else { // the order fails the call: the lengths asked for, for its words
    trial.earlier_ms = earlier_ms;
    trial.first_work_ms = work_ms;
    trial.queued.truth_ms = earlier_ms + work_ms;
    trial.emptied.truth_ms = work_ms;
  }
  trial.queued.call.truth_ms = trial.queued.truth_ms;
  trial.emptied.call.truth_ms = trial.emptied.truth_ms;
  return trial;
}

} // namespace

GPU_TEST_CASE("time_with_device_sync times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, host_clock_absolute_ms}; // 5% or 150 us
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l04.device-sync.name");
  words.section = lesson + "#method-1-a-host-clock-and-a-device-wide-sync";
  words.context = gpucheck::say("check.l04.queued-before.context");
  words.zero_hint = gpucheck::say("check.l04.device-sync.zero-hint");
  words.wrong_hint = gpucheck::say("check.l04.device-sync.wrong-hint");
  CHECK(gpucheck::report(gpucheck::judge_timing_twice(
      [&] { return queued_work_trials(time_with_device_sync, tolerance); }, words,
      allowed_misses)));
}

GPU_TEST_CASE("time_with_events times the work alone, with other work queued before it") {
  const gpucheck::time_tolerance tolerance{0.05, 0.02}; // 5% or 20 us
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l04.events.name");
  words.section = lesson + "#method-2-cuda-events";
  words.context = gpucheck::say("check.l04.queued-before.context");
  words.zero_hint = gpucheck::say("check.l04.events.zero-hint");
  words.wrong_hint = gpucheck::say("check.l04.events.wrong-hint");
  CHECK(gpucheck::report(gpucheck::judge_timing_twice(
      [&] { return queued_work_trials(time_with_events, tolerance); }, words, allowed_misses)));
}

GPU_TEST_CASE("time_with_stream_sync times the work alone, and leaves other streams running") {
  const gpucheck::time_tolerance tolerance{0.05, host_clock_absolute_ms}; // a host clock, as above
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l04.stream-sync.name");
  words.section = lesson + "#wait-for-one-stream";
  words.context = gpucheck::say("check.l04.stream-sync.context");
  words.zero_hint = gpucheck::say("check.l04.stream-sync.zero-hint");
  words.wrong_hint = gpucheck::say("check.l04.stream-sync.wrong-hint");
  std::vector<stream_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] { return run_stream_sync_trials(tolerance); }, words, allowed_misses, last_round);
  // A right number from a function that waited for the other stream fails too
  // (judgement/sync_facts.hpp).
  gpucheck::fail_if_other_stream_waited(outcome, last_round, allowed_misses,
                                        lesson + "#wait-for-one-stream");
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("time_short_work times one run of work of a few microseconds, within 2%") {
  // 2% of 5-10 us is 100-200 ns: less than one event pair resolves (about 0.5 us), and far less
  // than what one timing adds to one run. Nothing is queued before the calls.
  const gpucheck::time_tolerance tolerance{0.02, 0.0};
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l04.short-work.name");
  words.section = lesson + "#time-short-work-in-a-batch";
  words.context = gpucheck::say("check.l04.short-work.context");
  words.zero_hint = gpucheck::say("check.l04.short-work.zero-hint");
  words.wrong_hint = gpucheck::say("check.l04.short-work.wrong-hint");
  std::vector<short_work_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] { return run_short_work_trials(tolerance); }, words, allowed_misses, last_round);
  // A batch said to hold one run, an interval divided already, two fields swapped
  // (judgement/sync_facts.hpp).
  gpucheck::name_batch_slips(outcome, last_round);
  CHECK(gpucheck::report(outcome));
}

// Last in the program, after the checks above, which keep their order and draws. The order of the
// calls and the slips the numbers show stand on any GPU; each number within 5% or 150 us of its
// truth from the GPU stamps, in 4 of 5 calls, twice when noise could explain a failure
// (judgement/stale_queue.hpp).
GPU_TEST_CASE("measure_stale_queue shows what method 1 reads with earlier work still queued") {
  gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  stale_work runs;
  runs.earlier.front().enqueue(stream, 0.01); // loaded now: no call pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucheck::timing_words queued_words;
  queued_words.name = gpucheck::say("check.l04.stale.name");
  queued_words.section = lesson + "#make-the-mistake-on-purpose";
  gpucheck::timing_words emptied_words = queued_words;
  queued_words.context = gpucheck::say("check.l04.stale.queued.context");
  queued_words.zero_hint = gpucheck::say("check.l04.stale.queued.zero-hint");
  queued_words.wrong_hint = gpucheck::say("check.l04.stale.queued.wrong-hint");
  emptied_words.context = gpucheck::say("check.l04.stale.emptied.context");
  emptied_words.zero_hint = gpucheck::say("check.l04.stale.emptied.zero-hint");
  emptied_words.wrong_hint = gpucheck::say("check.l04.stale.emptied.wrong-hint");
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    const std::vector<gpucheck::stale_trial> trials =
        gpucheck::run_trials(trial_count, [&] { return run_stale_trial(stream, runs); });
    return gpucheck::judge_stale_queue(trials, queued_words, emptied_words, allowed_misses);
  })));
}
