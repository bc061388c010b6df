// SPDX-License-Identifier: MIT
// Lesson 06's checks. Each trial calls the student's benchmark() once, on work whose every run
// the checker plans as it is asked for (judgement/benchmark_plan.hpp) and queues as paced work
// (checkapi/paced_work.cuh), whose share of its stream is the planned length by construction:
// the truth is the planned runs, never the student's numbers. Every plan starts cold (25-40 ms
// at 1.5-3 times the warm length). The median check draws the warm length from 5 us to 50 ms,
// with slow outliers (14-18% of the runs, 4-6 times as long) where a run lasts 2 ms or more; the
// noise check gives runs of 1-3 ms that vary not at all, a little or much. Why a wrong median is
// wrong comes from the trace of the failing call (docs/ARCHITECTURE.md, "Which why wins"), else
// from its numbers (benchmark_judgement.hpp's clues).
#include "checkapi/check.cuh"
#include "checkapi/paced_work.cuh"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/benchmark_outcome.hpp"
#include "judgement/benchmark_plan.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/06-honest-benchmarking/lesson.md";
constexpr int allowed_misses = 1; // one call may be disturbed by the machine, not two
// A run follows its predecessor's pace only when it starts within 4 us of its deadline: runs
// queued back to back (about 1 us apart) do; a run queued after a host round trip runs its whole
// length (paced_schedule.hpp).
constexpr unsigned long long most_slack_ns = 4'000;

using gpucheck::benchmark_trial; // one call of benchmark() on planned work

benchmark_trial run_benchmark(const gpucheck::run_plan& plan, gpucheck::time_tolerance tolerance) {
  static gpucheck::paced_work kernel(most_slack_ns);
  static gpucourse::cuda_stream stream(cudaStreamNonBlocking);
  static bool loaded = false;
  if (!loaded) { // load the kernel now, so that no trial pays for it
    kernel.enqueue(stream, 0.005);
    loaded = true;
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto seed = static_cast<std::uint64_t>(gpucheck::random_between(0.0, 1e18));
  gpucheck::planned_runs runs(plan, seed);
  benchmark_trial trial;
  trial.timing.work = gpucheck::say("check.l06.work.planned-runs");
  trial.timing.tolerance = tolerance;
  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  const int runs_before = kernel.runs();
  benchmark_result result;
  // No clock is read inside the call: each run's length is drawn, not timed.
  trial.timing.call = gpucheck::call_timed([&] {
    result = benchmark([&](cudaStream_t s) { kernel.enqueue(s, runs.next_ms()); }, stream);
    return result.median_ms;
  });
  CUDA_CHECK(cudaDeviceSynchronize()); // the runs end before the next trial plans more
  trial.call.median_ms = result.median_ms;
  trial.call.noise = result.noise;
  trial.call.samples = result.samples;
  trial.call.runs = kernel.runs() - runs_before;
  trial.call.truth = gpucheck::truth_of(runs);
  trial.timing.read_cpu_clock = gpucheck::cpu_clock_read_since(clock_reads_before);
  trial.timing.work_runs = trial.call.runs;
  trial.timing.reported_ms = result.median_ms;
  trial.timing.truth_ms = trial.call.truth.median_ms;
  trial.timing.call.truth_ms = trial.timing.truth_ms;
  return trial;
}

// The median check's trials: warm lengths from 5 us to 50 ms, outliers where a run is 2 ms or
// more (shorter runs are batched, and an outlier inside a batch lengthens that sample for good).
// Work of 0.2-1 ms comes first, so that a failure shown for no warm-up is one whose clue can tell
// cold runs from the cost of one timing (benchmark_judgement.hpp).
std::vector<benchmark_trial> run_median_trials(gpucheck::time_tolerance tolerance) {
  struct band {
    double low_ms, high_ms;
    bool outliers;
  };
  const band bands[] = {{0.2, 1.0, false},  {2.0, 10.0, true},    {0.02, 0.1, false},
                        {10.0, 50.0, true}, {0.005, 0.01, false}, {2.0, 10.0, true}};
  std::vector<benchmark_trial> trials;
  for (const band& b : bands) {
    trials.push_back(
        run_benchmark(gpucheck::draw_quiet_plan(b.low_ms, b.high_ms, b.outliers), tolerance));
    if (gpucheck::replay_has_its_call(trials.back().timing))
      break; // the traced replay reads this call only: a benchmark call lasts up to 1.5 s
  }
  return trials;
}

// The noise check's calls: runs of 1-3 ms, two quiet, one varying a little, two varying much.
std::vector<benchmark_trial> run_noise_trials() {
  using gpucheck::noise_level;
  const gpucheck::time_tolerance unused{0.05, 0.0}; // the median is judged by its quartiles here
  std::vector<benchmark_trial> trials;
  for (const noise_level level : {noise_level::quiet, noise_level::mild, noise_level::strong,
                                  noise_level::quiet, noise_level::strong}) {
    trials.push_back(run_benchmark(gpucheck::draw_noise_plan(level), unused));
    // The traced replay reads one call only: the first wrong one (judge_noise_calls shows it).
    if (gpucheck::replay_has_its_call(gpucheck::judge_noise_call(trials.back().call) ==
                                      gpucheck::noise_verdict::accurate))
      break;
  }
  return trials;
}

} // namespace

GPU_TEST_CASE("benchmark's median is the time of one warm run, from 5 us to 50 ms") {
  // 5% of the truth, nothing absolute: 5% of 5 us is 250 ns, so one run per timing (a launch
  // and two events, several microseconds) fails, and so does a batch whose samples pay that cost
  // more than once per 20 us of work (solutions/06-honest-benchmarking/instructor.md).
  const gpucheck::time_tolerance tolerance{0.05, 0.0};
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l06.median.name");
  words.section = lesson + "#repeat-short-work";
  words.context = gpucheck::say("check.l06.median.context");
  words.zero_hint = gpucheck::say("check.l06.median.zero-hint");
  words.wrong_hint = gpucheck::say("check.l06.median.wrong-hint");
  std::vector<benchmark_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] { return run_median_trials(tolerance); }, words, allowed_misses, last_round);
  // What a wrong median's numbers suggest, and a swap (judgement/benchmark_outcome.hpp).
  gpucheck::name_median_clue(outcome, last_round);
  gpucheck::name_median_swap(outcome, last_round);
  // A median is one sample of many, each an interval over the runs it holds: the trace holds it
  // to such an interval only (one run more than divided by, rules/returned_value.cpp).
  outcome.call.per_run = true;
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("benchmark's noise figure rises and falls with the spread of the runs") {
  // Each noise figure within the bounds that the planned runs' spread allows
  // (benchmark_judgement.hpp: allowed_noise), the median within their quartiles.
  CHECK(gpucheck::report(gpucheck::judge_twice(
      [] { return gpucheck::judge_noise(run_noise_trials(), allowed_misses, lesson); })));
}
