// SPDX-License-Identifier: MIT
// Lesson 08's checks. Ground truth is the checker's own:
//   - the bytes: the checker's own run of the naive loop (run_naive, exercise.h) on a copy of the
//     same random integers, compared byte for byte (memcmp) with the student's batched kernel and
//     with two replays of the student's graph;
//   - the naive loop's time: the checker's events on its stream around run_naive's launches, and
//     its host clock (untraced) around the launch calls, the best of five each;
//   - the loop's time: a kernel of known length (known_duration_work) launched back to back, timed
//     by the checker's events just before and just after the student's call;
//   - one run's time through a graph (last): a spin kernel of known length whose first and last
//     runs stamp the GPU's clock inside the student's own replay, and at each call of the work
//     whether the stream it was given was capturing.
// The judgements are judgement/loop_timing_judgement's, said by judgement/launch_outcome. The bars
// are first choices from lesson 06's H200 numbers, not yet calibrated on this lesson's runs
// (solutions/08-launch-overhead/ tolerances.md). Why a wrong loop time is wrong comes from the
// trace of the failing call (docs/ARCHITECTURE.md, "Which why wins").
#include "checkapi/check.cuh"
#include "checkapi/untraced_clock.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/graph_run_judgement.hpp"
#include "judgement/launch_outcome.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/08-launch-overhead/lesson.md";
constexpr int count = 4000; // integers: not a multiple of a block (256), so a left-out block shows
constexpr int steps = 1000; // the naive loop's launches
constexpr int loop_iterations = 200;
constexpr double loop_work_ms = 0.010; // one iteration: a 10 us kernel
// To calibrate on the H200 (tolerances.md): the batched kernel against the naive loop's GPU time
// (at most half of it); a replay against it on the GPU (at most 1.1 times) and on the host (at
// most a quarter).
constexpr double batched_bar = 0.5;
constexpr gpucheck::graph_bars graph_bars{1.1, 0.25};

// Everything the checks share: the checker's stream (non-blocking, as the student's functions
// must not rely on the legacy stream), the checker's buffer and the student's, the draw both start
// from, the known work.
struct lesson_setup {
  gpucourse::cuda_stream stream{cudaStreamNonBlocking};
  gpucourse::device_buffer<unsigned> own{count};
  gpucourse::device_buffer<unsigned> theirs{count};
  std::vector<unsigned> draw = std::vector<unsigned>(count);
  gpucheck::known_duration_work spin;

  lesson_setup() {
    run_naive(own.data(), count, 10, stream); // the module loads
    spin.enqueue(stream, loop_work_ms);
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }

  void draw_fresh() {
    for (unsigned& value : draw)
      value = static_cast<unsigned>(gpucheck::random_between(0.0, 4294967296.0));
  }

  void upload(const gpucourse::device_buffer<unsigned>& buffer) {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpyAsync(buffer.data(), draw.data(), buffer.bytes(), cudaMemcpyHostToDevice,
                               stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }

  // Waits for the whole device first: the bytes are judged, not which stream made them.
  std::vector<unsigned> download(const gpucourse::device_buffer<unsigned>& buffer) {
    std::vector<unsigned> values(count);
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpyAsync(values.data(), buffer.data(), buffer.bytes(), cudaMemcpyDeviceToHost,
                               stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return values;
  }

  // The naive loop on the checker's buffer, from the draw.
  std::vector<unsigned> naive_result() {
    upload(own);
    run_naive(own.data(), count, steps, stream);
    return download(own);
  }
};

lesson_setup& setup() {
  static lesson_setup shared;
  return shared;
}

gpucheck::check_outcome check_batched_bytes() {
  lesson_setup& s = setup();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l08.batched-bytes.name");
  outcome.lesson_section = lesson + "#batching";
  outcome.expected = gpucheck::say("check.l08.bytes.expected", {{"count", std::to_string(count)},
                                                                {"steps", std::to_string(steps)}});
  s.draw_fresh();
  const std::vector<unsigned> expected = s.naive_result();
  s.upload(s.theirs);
  run_batched(s.theirs.data(), count, steps, s.stream);
  const std::vector<unsigned> got = s.download(s.theirs);
  const int index = gpucheck::first_difference(expected, got);
  outcome.passed = index < 0;
  if (outcome.passed)
    outcome.measured = gpucheck::say("check.l08.bytes.same");
  else
    gpucheck::fail_batched_bytes(outcome, index, expected, got, s.draw, count);
  return outcome;
}

gpucheck::check_outcome check_graph_bytes() {
  lesson_setup& s = setup();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l08.graph-bytes.name");
  outcome.lesson_section = lesson + "#cuda-graphs";
  outcome.expected =
      gpucheck::say("check.l08.graph-bytes.expected",
                    {{"count", std::to_string(count)}, {"steps", std::to_string(steps)}});
  s.draw_fresh();
  const std::vector<unsigned> expected = s.naive_result();
  s.upload(s.theirs);
  const cuda_graph_exec graph = capture_naive(s.theirs.data(), count, steps, s.stream);
  if (static_cast<cudaGraphExec_t>(graph) == nullptr) {
    gpucheck::fail_for_no_graph(outcome);
    return outcome;
  }
  // A capture records the launches and runs nothing: the buffer must still hold the draw.
  const std::vector<unsigned> after_capture = s.download(s.theirs);
  if (gpucheck::first_difference(s.draw, after_capture) >= 0) {
    outcome.measured = gpucheck::say("check.l08.graph.ran.measured");
    outcome.message = gpucheck::say("check.l08.graph.ran.message");
    outcome.hint = gpucheck::say("check.l08.graph.ran.hint");
    return outcome;
  }
  // Two replays from the same draw: a graph is launched as often as wanted.
  for (int run = 1; run <= 2; ++run) {
    if (run == 2)
      s.upload(s.theirs);
    replay(graph, s.stream);
    const std::vector<unsigned> got = s.download(s.theirs);
    const int index = gpucheck::first_difference(expected, got);
    if (index >= 0) {
      gpucheck::fail_graph_bytes(outcome, run, index, expected, got, s.draw);
      return outcome;
    }
  }
  outcome.passed = true;
  outcome.measured = gpucheck::say("check.l08.graph-bytes.same");
  return outcome;
}

using gpucheck::both_times;

// [ms] The GPU's time of `queue(stream)` (the checker's events around it on its stream) and the
// host's time of the calls (untraced: the trace pairs only the student's clock reads), the best
// of five each, the device idle before each.
template <typename Queue> both_times best_of_five(Queue&& queue) {
  lesson_setup& s = setup();
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  both_times best;
  for (int r = 0; r < 5; ++r) {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventRecord(start, s.stream));
    const auto host_start = gpucheck::untraced_clock::now();
    queue(s.stream);
    const auto host_stop = gpucheck::untraced_clock::now();
    CUDA_CHECK(cudaEventRecord(stop, s.stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float gpu_ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&gpu_ms, start, stop));
    best.gpu_ms = std::min(best.gpu_ms, static_cast<double>(gpu_ms));
    best.host_ms = std::min(
        best.host_ms, std::chrono::duration<double, std::milli>(host_stop - host_start).count());
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  return best;
}

both_times time_naive() {
  lesson_setup& s = setup();
  return best_of_five([&](cudaStream_t stream) { run_naive(s.own.data(), count, steps, stream); });
}

// (a) The batched kernel against the naive loop, both on the GPU.
gpucheck::check_outcome judge_batched_speed() {
  lesson_setup& s = setup();
  run_batched(s.theirs.data(), count, steps, s.stream); // warm: its module loads
  const both_times naive = time_naive();
  const both_times batched = best_of_five(
      [&](cudaStream_t stream) { run_batched(s.theirs.data(), count, steps, stream); });
  return gpucheck::batched_speed_outcome(naive, batched, batched_bar, steps, lesson);
}

// The checker's own graph of the naive loop on its own buffer, captured and instantiated once: the
// truth of what one replay costs the host.
const cuda_graph_exec& own_graph() {
  static const cuda_graph_exec graph = [] {
    lesson_setup& s = setup();
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaStreamBeginCapture(s.stream, cudaStreamCaptureModeThreadLocal));
    run_naive(s.own.data(), count, steps, s.stream);
    cudaGraph_t captured = nullptr;
    CUDA_CHECK(cudaStreamEndCapture(s.stream, &captured));
    cudaGraphExec_t exec = nullptr;
    const cudaError_t instantiated = cudaGraphInstantiate(&exec, captured, 0);
    CUDA_CHECK(cudaGraphDestroy(captured));
    CUDA_CHECK(instantiated);
    CUDA_CHECK(cudaGraphLaunch(exec, s.stream)); // its first launch uploads it
    CUDA_CHECK(cudaDeviceSynchronize());
    return cuda_graph_exec{exec};
  }();
  return graph;
}

// (b) One replay against the naive loop: not slower on the GPU, and far cheaper on the host; and
// on the host, about what the checker's own replay of the same loop costs.
gpucheck::check_outcome judge_graph_speed(const cuda_graph_exec& graph) {
  if (static_cast<cudaGraphExec_t>(graph) == nullptr)
    return gpucheck::no_graph_speed_outcome(graph_bars, steps, lesson);
  const both_times naive = time_naive();
  const both_times replayed = best_of_five([&](cudaStream_t stream) { replay(graph, stream); });
  const both_times own =
      best_of_five([&](cudaStream_t stream) { CUDA_CHECK(cudaGraphLaunch(own_graph(), stream)); });
  return gpucheck::graph_speed_outcome(naive, replayed, own, graph_bars, steps, lesson);
}

gpucheck::check_outcome check_graph_speed() {
  lesson_setup& s = setup();
  s.upload(s.theirs);
  const cuda_graph_exec graph = capture_naive(s.theirs.data(), count, steps, s.stream);
  if (static_cast<cudaGraphExec_t>(graph) != nullptr) {
    replay(graph, s.stream); // its first launch uploads it to the GPU
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  return judge_graph_speed(graph);
}

// (c) One call of time_loop_ms on 200 launches of a 10 us kernel, between two timings of the
// same 200 launches back to back by the checker's own events on the same stream.
using gpucheck::loop_trial;

// [ms] The checker's events once around `loop_iterations` launches of the known work, and the
// host's time of one launch call [ms] (untraced).
double own_loop_ms(double& launch_ms) {
  lesson_setup& s = setup();
  gpucourse::cuda_event start;
  gpucourse::cuda_event stop;
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaEventRecord(start, s.stream));
  const auto host_start = gpucheck::untraced_clock::now();
  for (int i = 0; i < loop_iterations; ++i)
    s.spin.enqueue(s.stream, loop_work_ms);
  const auto host_stop = gpucheck::untraced_clock::now();
  CUDA_CHECK(cudaEventRecord(stop, s.stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  launch_ms =
      std::chrono::duration<double, std::milli>(host_stop - host_start).count() / loop_iterations;
  return ms;
}

loop_trial run_loop_trial() {
  lesson_setup& s = setup();
  loop_trial trial;
  double launch_before_ms = 0;
  double launch_after_ms = 0;
  const double before_ms = own_loop_ms(launch_before_ms);
  const gpu_work work = [&](cudaStream_t stream) { s.spin.enqueue(stream, loop_work_ms); };
  const int runs_before = s.spin.runs();
  trial.call = gpucheck::call_timed([&] { return time_loop_ms(work, loop_iterations, s.stream); });
  trial.work_runs = s.spin.runs() - runs_before;
  const double after_ms = own_loop_ms(launch_after_ms);
  // A neighbour only lengthens a timing: the checker's nearer timing is the fairer truth.
  const double reported = trial.call.reported_ms;
  const double truth =
      std::abs(reported - before_ms) <= std::abs(reported - after_ms) ? before_ms : after_ms;
  trial.call.truth_ms = truth;
  trial.judged.reported_ms = reported;
  trial.judged.truth_ms = truth;
  trial.judged.iterations = loop_iterations;
  trial.judged.launch_ms = std::min(launch_before_ms, launch_after_ms);
  return trial;
}

} // namespace

GPU_TEST_CASE("run_batched gives the naive loop's bytes") {
  CHECK(gpucheck::report(check_batched_bytes()));
}

GPU_TEST_CASE("a replay of capture_naive's graph gives the naive loop's bytes, twice") {
  CHECK(gpucheck::report(check_graph_bytes()));
}

GPU_TEST_CASE("run_batched is faster on the GPU than the naive loop") {
  // A second round where noise could explain a miss (judge_twice).
  CHECK(gpucheck::report(gpucheck::judge_twice(judge_batched_speed)));
}

GPU_TEST_CASE("a replay costs the host far less than the naive loop, and the GPU no more") {
  CHECK(gpucheck::report(gpucheck::judge_twice(check_graph_speed)));
}

GPU_TEST_CASE("time_loop_ms times the loop once, as the checker's events do") {
  // Within 15% or 30 us of the checker's nearer timing (judgement/loop_timing_judgement.hpp).
  CHECK(gpucheck::report(gpucheck::judge_twice([] {
    return gpucheck::loop_outcome(run_loop_trial(), loop_iterations, loop_work_ms, lesson);
  })));
}

// ---------------------------------------------------------------------------------------------
// (d) time_graph_run_ms: the student's do_bench_cudagraph. The work is a spin kernel of 1 to 4 us
// (known_duration_work): one for the first call captured, another for the rest, so that their
// stamps hold the first run's start and the last run's end in the graph's last launch, the timed
// one. At each call the checker asks the runtime whether the stream it was given is capturing.

namespace {

constexpr int graph_run_trials = 3;

gpucheck::graph_run_trial graph_run_trial_once() {
  lesson_setup& s = setup();
  gpucheck::graph_run_trial trial;
  trial.runs = static_cast<int>(gpucheck::random_between(400.0, 1000.0));
  const double spin_ms = gpucheck::random_between(0.001, 0.004);
  gpucheck::known_duration_work first; // fresh stamps (zero): a graph never launched leaves them
  gpucheck::known_duration_work rest;
  CUDA_CHECK(cudaDeviceSynchronize());
  const gpu_work work = [&](cudaStream_t stream) {
    cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
    // Not checked: on the legacy stream while another captures it fails, and the call is then
    // one that runs (or fails) outside any capture.
    if (cudaStreamIsCapturing(stream, &status) != cudaSuccess) {
      (void)cudaGetLastError();
      status = cudaStreamCaptureStatusNone;
    }
    const bool captured = status == cudaStreamCaptureStatusActive;
    // The first call captured stamps the graph's first run: a call outside comes before it.
    (captured && trial.captured_calls == 0 ? first : rest).enqueue(stream, spin_ms);
    ++(captured ? trial.captured_calls : trial.direct_calls);
  };
  trial.call = gpucheck::call_timed([&] { return time_graph_run_ms(work, trial.runs, s.stream); });
  CUDA_CHECK(cudaDeviceSynchronize());
  std::uint64_t first_start = 0, first_end = 0, last_start = 0, last_end = 0;
  first.last_span_ns(first_start, first_end);
  rest.last_span_ns(last_start, last_end);
  if (first_start > 0 && last_end > first_start)
    trial.span_ms = static_cast<double>(last_end - first_start) * 1e-6;
  return trial;
}

} // namespace

// Last in the program: the test cases above keep their order and their draws.
GPU_TEST_CASE("time_graph_run_ms times one run of short work through a CUDA graph") {
  // Three trials of 400 to 1000 runs. A fact in any trial fails (calls launched one by one, a
  // graph of other calls, a time shorter than its kernels or not divided); one trial of three
  // longer than the band is let go (judgement/graph_run_judgement.hpp).
  CHECK(gpucheck::report(gpucheck::judge_twice([] {
    return gpucheck::graph_run_outcome(gpucheck::run_trials(graph_run_trials, graph_run_trial_once),
                                       lesson + "#timing-short-kernels", /*allowed_misses=*/1);
  })));
}
