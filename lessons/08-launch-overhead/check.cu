// SPDX-License-Identifier: MIT
// Lesson 08's checks. Ground truth is the checker's own:
//   - the bytes: the checker's own run of the naive loop (run_naive, exercise.h) on a copy of the
//     same random integers, compared byte for byte (memcmp) with the student's batched kernel and
//     with two replays of the student's graph;
//   - the naive loop's time: the checker's events on its stream around run_naive's launches, and
//     its host clock (untraced) around the launch calls, the best of five each;
//   - the loop's time: a kernel of known length (known_duration_work) launched back to back, timed
//     by the checker's events just before and just after the student's call.
// The judgements are judgement/loop_timing_judgement's. The bars are first choices from lesson 06's
// H200 numbers, not yet calibrated on this lesson's runs (solutions/08-launch-overhead/
// tolerances.md). Why a wrong loop time is wrong comes from the trace of the failing call
// (docs/ARCHITECTURE.md, "Which why wins").
#include "checkapi/check.cuh"
#include "checkapi/untraced_clock.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/loop_timing_judgement.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/08-launch-overhead/lesson.md";
constexpr int count = 4000; // integers: not a multiple of a block (256), so a left-out block shows
constexpr int steps = 1000; // the naive loop's launches
constexpr int loop_iterations = 200;
constexpr double loop_work_ms = 0.010; // one iteration: a 10 us kernel
// To calibrate on the H200 (tolerances.md): the batched kernel against the naive loop's GPU time;
// a replay against it on the GPU and on the host.
constexpr double batched_bar = 0.5;
constexpr double graph_gpu_bar = 1.1;
constexpr double graph_host_bar = 0.25;

std::string ratio_text(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", ratio);
  return text;
}

std::string hex_text(unsigned value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}

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
    run_naive(own.data(), count, 10, stream); // the module loads, the clocks rise
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

// The first integer where `got` differs from `expected`; -1 if none (memcmp first, as a fact).
int first_difference(const std::vector<unsigned>& expected, const std::vector<unsigned>& got) {
  if (std::memcmp(expected.data(), got.data(), expected.size() * sizeof(unsigned)) == 0)
    return -1;
  const auto where = std::mismatch(expected.begin(), expected.end(), got.begin());
  return static_cast<int>(where.first - expected.begin());
}

// Where the bytes differ, as the sentences say it.
struct difference {
  std::string index;
  std::string expected;
  std::string got;
  bool untouched = false; // the integer still holds the draw: no step ever reached it
};

difference describe(int index, const std::vector<unsigned>& expected,
                    const std::vector<unsigned>& got, const std::vector<unsigned>& start) {
  difference d;
  d.index = std::to_string(index);
  d.expected = hex_text(expected[index]);
  d.got = hex_text(got[index]);
  d.untouched = got[index] == start[index];
  return d;
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
  const int index = first_difference(expected, got);
  outcome.passed = index < 0;
  if (outcome.passed) {
    outcome.measured = gpucheck::say("check.l08.bytes.same");
    return outcome;
  }
  const difference d = describe(index, expected, got, s.draw);
  outcome.measured = gpucheck::say("check.l08.bytes.wrong", {{"index", d.index}});
  outcome.message =
      d.untouched
          ? gpucheck::say("check.l08.batched-bytes.untouched.message",
                          {{"index", d.index}, {"got", d.got}, {"count", std::to_string(count)}})
          : gpucheck::say("check.l08.batched-bytes.message",
                          {{"index", d.index}, {"expected", d.expected}, {"got", d.got}});
  outcome.hint = gpucheck::say("check.l08.batched-bytes.hint");
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
    outcome.measured = gpucheck::say("check.l08.graph.none.measured");
    outcome.message = gpucheck::say("check.l08.graph.none.message");
    outcome.hint = gpucheck::say("check.l08.graph.none.hint");
    return outcome;
  }
  // A capture records the launches and runs nothing: the buffer must still hold the draw.
  const std::vector<unsigned> after_capture = s.download(s.theirs);
  if (first_difference(s.draw, after_capture) >= 0) {
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
    const int index = first_difference(expected, got);
    if (index >= 0) {
      const difference d = describe(index, expected, got, s.draw);
      outcome.measured = gpucheck::say("check.l08.bytes.wrong", {{"index", d.index}});
      const std::string run_text = std::to_string(run);
      outcome.message = gpucheck::say(
          "check.l08.graph-bytes.message",
          {{"run", run_text}, {"index", d.index}, {"expected", d.expected}, {"got", d.got}});
      outcome.hint = run == 1 ? gpucheck::say("check.l08.graph-bytes.hint")
                              : gpucheck::say("check.l08.graph-bytes.second.hint");
      return outcome;
    }
  }
  outcome.passed = true;
  outcome.measured = gpucheck::say("check.l08.graph-bytes.same");
  return outcome;
}

// [ms] The GPU's time of `queue(stream)` (the checker's events around it on its stream) and the
// host's time of the calls (untraced: the trace pairs only the student's clock reads), the best
// of five each, the device idle before each.
struct both_times {
  double gpu_ms = 1e30;
  double host_ms = 1e30;
};

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
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l08.batched-speed.name");
  outcome.lesson_section = lesson + "#batching";
  run_batched(s.theirs.data(), count, steps, s.stream); // warm: its module loads
  const both_times naive = time_naive();
  const both_times batched = best_of_five(
      [&](cudaStream_t stream) { run_batched(s.theirs.data(), count, steps, stream); });
  const gpucheck::speedup_judgement judged =
      gpucheck::judge_speedup(naive.gpu_ms, batched.gpu_ms, batched_bar);
  outcome.expected = gpucheck::say(
      "check.l08.batched-speed.expected",
      {{"bar", ratio_text(batched_bar)}, {"naive", gpucheck::format_ms(naive.gpu_ms)}});
  outcome.measured = gpucheck::say(
      "check.l08.batched-speed.measured",
      {{"batched", gpucheck::format_ms(batched.gpu_ms)}, {"ratio", ratio_text(judged.ratio)}});
  outcome.passed = judged.passed;
  if (outcome.passed)
    return outcome;
  outcome.noise_could_explain = judged.noise_could_explain;
  outcome.message = gpucheck::say("check.l08.batched-speed.message",
                                  {{"batched", gpucheck::format_ms(batched.gpu_ms)},
                                   {"naive", gpucheck::format_ms(naive.gpu_ms)},
                                   {"steps", std::to_string(steps)}});
  outcome.hint = gpucheck::say("check.l08.batched-speed.hint");
  return outcome;
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
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l08.graph-speed.name");
  outcome.lesson_section = lesson + "#cuda-graphs";
  outcome.expected =
      gpucheck::say("check.l08.graph-speed.expected", {{"gpu_bar", ratio_text(graph_gpu_bar)},
                                                       {"host_bar", ratio_text(graph_host_bar)},
                                                       {"steps", std::to_string(steps)}});
  if (static_cast<cudaGraphExec_t>(graph) == nullptr) {
    outcome.measured = gpucheck::say("check.l08.graph.none.measured");
    outcome.message = gpucheck::say("check.l08.graph.none.message");
    outcome.hint = gpucheck::say("check.l08.graph.none.hint");
    return outcome;
  }
  const both_times naive = time_naive();
  const both_times replayed = best_of_five([&](cudaStream_t stream) { replay(graph, stream); });
  const gpucheck::speedup_judgement on_gpu =
      gpucheck::judge_speedup(naive.gpu_ms, replayed.gpu_ms, graph_gpu_bar);
  const gpucheck::speedup_judgement on_host =
      gpucheck::judge_speedup(naive.host_ms, replayed.host_ms, graph_host_bar);
  const both_times own =
      best_of_five([&](cudaStream_t stream) { CUDA_CHECK(cudaGraphLaunch(own_graph(), stream)); });
  const gpucheck::speedup_judgement against_own =
      gpucheck::judge_replay_host(own.host_ms, replayed.host_ms);
  outcome.measured = gpucheck::say("check.l08.graph-speed.measured",
                                   {{"gpu", gpucheck::format_ms(replayed.gpu_ms)},
                                    {"naive_gpu", gpucheck::format_ms(naive.gpu_ms)},
                                    {"host", gpucheck::format_ms(replayed.host_ms)},
                                    {"naive_host", gpucheck::format_ms(naive.host_ms)},
                                    {"own", gpucheck::format_ms(own.host_ms)}});
  outcome.passed = on_gpu.passed && on_host.passed && against_own.passed;
  if (outcome.passed)
    return outcome;
  // Certain only when every miss is one that noise could not cause.
  outcome.noise_could_explain = (on_gpu.passed || on_gpu.noise_could_explain) &&
                                (on_host.passed || on_host.noise_could_explain) &&
                                (against_own.passed || against_own.noise_could_explain);
  if (!against_own.passed) {
    outcome.message = gpucheck::say("check.l08.graph-speed.setup.message",
                                    {{"host", gpucheck::format_ms(replayed.host_ms)},
                                     {"own", gpucheck::format_ms(own.host_ms)}});
    outcome.hint = gpucheck::say("check.l08.graph-speed.host.hint");
  } else if (!on_host.passed) {
    outcome.message = gpucheck::say("check.l08.graph-speed.host.message",
                                    {{"host", gpucheck::format_ms(replayed.host_ms)},
                                     {"naive_host", gpucheck::format_ms(naive.host_ms)},
                                     {"steps", std::to_string(steps)}});
    outcome.hint = gpucheck::say("check.l08.graph-speed.host.hint");
  } else {
    outcome.message = gpucheck::say("check.l08.graph-speed.gpu.message",
                                    {{"gpu", gpucheck::format_ms(replayed.gpu_ms)},
                                     {"naive_gpu", gpucheck::format_ms(naive.gpu_ms)}});
    outcome.hint = gpucheck::say("check.l08.graph-speed.gpu.hint");
  }
  return outcome;
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
struct loop_trial {
  gpucheck::timed_call call;
  gpucheck::loop_timing_call judged;
  int work_runs = 0;
};

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

gpucheck::check_outcome judge_loop(const loop_trial& trial) {
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l08.loop.name");
  outcome.lesson_section = lesson + "#timing-a-loop";
  const gpucheck::loop_timing_call& call = trial.judged;
  outcome.expected =
      gpucheck::say("check.l08.loop.expected", {{"truth", gpucheck::format_ms(call.truth_ms)},
                                                {"iterations", std::to_string(loop_iterations)},
                                                {"work", gpucheck::format_ms(loop_work_ms)}});
  outcome.measured = gpucheck::say("check.l08.loop.measured",
                                   {{"reported", gpucheck::format_ms(call.reported_ms)}});
  // Work run another number of times is a fact, on any GPU.
  if (trial.work_runs != loop_iterations) {
    outcome.message = gpucheck::say("check.l08.loop.runs.message",
                                    {{"runs", std::to_string(trial.work_runs)},
                                     {"iterations", std::to_string(loop_iterations)}});
    outcome.hint = gpucheck::say("check.l08.loop.runs.hint");
    return outcome;
  }
  const gpucheck::loop_timing_verdict verdict = gpucheck::judge_loop_timing(call);
  outcome.passed = verdict == gpucheck::loop_timing_verdict::accurate;
  // What the function did in this call is the trace's to say (events on another stream, no wait
  // before the clock stopped, an interval per iteration). Shown when it passes too: the traced
  // replay of a failure can pass where the failure was host-paced (the tracer slows every launch
  // call, so the host's loop may keep pace with the GPU there), and its call is still the one to
  // read.
  gpucheck::show_call(outcome, trial.call, call.truth_ms);
  if (outcome.passed)
    return outcome;
  outcome.noise_could_explain = gpucheck::noise_could_cause(verdict, call);
  const std::string per_iteration =
      gpucheck::format_ms((call.reported_ms - call.truth_ms) / loop_iterations);
  const std::string reported = gpucheck::format_ms(call.reported_ms);
  const std::string truth = gpucheck::format_ms(call.truth_ms);
  switch (verdict) {
  case gpucheck::loop_timing_verdict::summed_per_launch:
    outcome.message =
        gpucheck::say("check.l08.loop.summed.message",
                      {{"reported", reported}, {"truth", truth}, {"per_iteration", per_iteration}});
    outcome.hint = gpucheck::say("check.l08.loop.summed.hint");
    break;
  case gpucheck::loop_timing_verdict::launches_only:
    outcome.message =
        gpucheck::say("check.l08.loop.launches.message",
                      {{"reported", reported},
                       {"truth", truth},
                       {"launches", gpucheck::format_ms(call.launch_ms * loop_iterations)}});
    outcome.hint = gpucheck::say("check.l08.loop.launches.hint");
    break;
  case gpucheck::loop_timing_verdict::not_a_number:
    outcome.message = gpucheck::say("check.l08.loop.not-a-number.message",
                                    {{"reported", std::to_string(call.reported_ms)}});
    outcome.hint = gpucheck::say("check.l08.loop.wrong.hint");
    break;
  default:
    if (const gpucheck::slip_result slip = gpucheck::loop_time_slip(call);
        gpucheck::exact_relation(slip.kind)) { // a unit or whole units: the number says which
      const gpucheck::slip_words words =
          gpucheck::describe_slip(slip, call.reported_ms, call.truth_ms, "ms");
      outcome.message = words.message;
      outcome.hint = words.hint;
      outcome.slip = gpucheck::slip_id(slip.kind);
      break;
    }
    outcome.message = call.reported_ms > call.truth_ms
                          ? gpucheck::say("check.l08.loop.too-long.message",
                                          {{"reported", reported}, {"truth", truth}})
                          : gpucheck::say("check.l08.loop.too-short.message",
                                          {{"reported", reported}, {"truth", truth}});
    outcome.hint = gpucheck::say("check.l08.loop.wrong.hint");
    break;
  }
  return outcome;
}

} // namespace

GPU_TEST_CASE("run_batched gives the naive loop's bytes") {
  CHECK(gpucheck::report(check_batched_bytes()));
}

GPU_TEST_CASE("a replay of capture_naive's graph gives the naive loop's bytes, twice") {
  CHECK(gpucheck::report(check_graph_bytes()));
}

GPU_TEST_CASE("run_batched is faster on the GPU than the naive loop") {
  gpucheck::check_outcome outcome = judge_batched_speed();
  if (gpucheck::second_round_wanted(outcome)) { // a burst of noise seldom lasts two rounds
    outcome = judge_batched_speed();
    if (!outcome.passed)
      outcome.measured =
          gpucheck::say("check.api.second-round.measured", {{"measured", outcome.measured}});
  }
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("a replay costs the host far less than the naive loop, and the GPU no more") {
  gpucheck::check_outcome outcome = check_graph_speed();
  if (gpucheck::second_round_wanted(outcome)) {
    outcome = check_graph_speed();
    if (!outcome.passed)
      outcome.measured =
          gpucheck::say("check.api.second-round.measured", {{"measured", outcome.measured}});
  }
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("time_loop_ms times the loop once, as the checker's events do") {
  gpucheck::check_outcome outcome = judge_loop(run_loop_trial());
  if (gpucheck::second_round_wanted(outcome)) {
    outcome = judge_loop(run_loop_trial());
    if (!outcome.passed)
      outcome.measured =
          gpucheck::say("check.api.second-round.measured", {{"measured", outcome.measured}});
  }
  CHECK(gpucheck::report(outcome));
}
