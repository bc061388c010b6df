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
#include "judgement/benchmark_judgement.hpp"
#include "judgement/benchmark_plan.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/06-honest-benchmarking/lesson.md";
constexpr int allowed_misses = 1; // one call may be disturbed by the machine, not two
// A run follows its predecessor's pace only when it starts within 4 us of its deadline: runs
// queued back to back (about 1 us apart) do; a run queued after a host round trip runs its whole
// length (paced_schedule.hpp).
constexpr unsigned long long most_slack_ns = 4'000;

// One call of benchmark() on planned work.
struct benchmark_trial {
  gpucheck::timing_trial timing; // the median, judged as a timing (timing_trials.hpp)
  gpucheck::benchmark_call call; // everything benchmark_judgement.hpp reads
};

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

std::vector<gpucheck::timing_trial> timings(const std::vector<benchmark_trial>& trials) {
  std::vector<gpucheck::timing_trial> result;
  for (const benchmark_trial& trial : trials)
    result.push_back(trial.timing);
  return result;
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

// What the numbers of the shown wrong median suggest, as its hint; only where the judgement said
// no more than how far off it is (a unit slip, work never run, clock() stay as they were said).
void name_median_clue(gpucheck::check_outcome& outcome,
                      const std::vector<benchmark_trial>& trials) {
  if (outcome.passed || !outcome.says_only_how_far_off)
    return;
  for (const benchmark_trial& trial : trials) {
    if (trial.timing.verdict() == gpucheck::time_verdict::accurate)
      continue;
    const gpucheck::runs_truth& truth = trial.call.truth;
    switch (gpucheck::clue_for_median(trial.call)) {
    case gpucheck::median_clue::cold_runs:
      outcome.hint = gpucheck::say("check.l06.clue.cold-runs",
                                   {{"cold", gpucheck::format_ms(truth.cold_ms)},
                                    {"warm", gpucheck::format_ms(truth.median_ms)}});
      break;
    case gpucheck::median_clue::timing_cost:
      outcome.hint = gpucheck::say("check.l06.clue.timing-cost");
      break;
    case gpucheck::median_clue::several_runs:
      outcome.hint = gpucheck::say(
          "check.l06.clue.several-runs",
          {{"runs", std::to_string(std::lround(trial.call.median_ms / truth.median_ms))}});
      break;
    case gpucheck::median_clue::mean_of_runs:
      outcome.hint =
          gpucheck::say("check.l06.clue.mean", {{"mean", gpucheck::format_ms(truth.mean_ms)},
                                                {"median", gpucheck::format_ms(truth.median_ms)}});
      break;
    case gpucheck::median_clue::none:
      break;
    }
    return; // the first wrong call is the one shown (judge_timing)
  }
}

// The median and the noise figure swapped (benchmark_judgement.hpp): said with the call's numbers.
void name_swap(gpucheck::check_outcome& outcome, const gpucheck::benchmark_call& call) {
  char noise[32];
  std::snprintf(noise, sizeof noise, "%.4g", call.noise);
  outcome.message = gpucheck::say("check.l06.swapped.message",
                                  {{"median", gpucheck::format_ms(call.median_ms)},
                                   {"noise", noise},
                                   {"truth", gpucheck::format_ms(call.truth.median_ms)}});
  outcome.hint = gpucheck::say("check.l06.swapped.hint");
  outcome.slip = "swapped";
  outcome.says_only_how_far_off = false;
}

// A wrong median whose every wrong trial swapped the two fields: the swap is the why, and no busy
// GPU makes it (the median check's own message says only how far off the number is).
void name_median_swap(gpucheck::check_outcome& outcome,
                      const std::vector<benchmark_trial>& trials) {
  if (outcome.passed)
    return;
  const benchmark_trial* shown = nullptr;
  for (const benchmark_trial& trial : trials) {
    if (trial.timing.verdict() == gpucheck::time_verdict::accurate)
      continue;
    if (!gpucheck::median_and_noise_swapped(trial.call))
      return;
    if (shown == nullptr)
      shown = &trial;
  }
  if (shown == nullptr)
    return;
  name_swap(outcome, shown->call);
  outcome.noise_could_explain = false;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", fraction * 100.0);
  return text;
}

// The noise check's calls: runs of 1-3 ms, two quiet, one varying a little, two varying much.
std::vector<benchmark_trial> run_noise_trials() {
  using gpucheck::noise_level;
  const gpucheck::time_tolerance unused{0.05, 0.0}; // the median is judged by its quartiles here
  std::vector<benchmark_trial> trials;
  for (const noise_level level : {noise_level::quiet, noise_level::mild, noise_level::strong,
                                  noise_level::quiet, noise_level::strong}) {
    trials.push_back(run_benchmark(gpucheck::draw_noise_plan(level), unused));
    // The traced replay reads the first wrong call only (judge_noise_calls shows it).
    if (gpucheck::in_traced_replay() &&
        gpucheck::judge_noise_call(trials.back().call) != gpucheck::noise_verdict::accurate)
      break;
  }
  return trials;
}

gpucheck::check_outcome judge_noise(const std::vector<benchmark_trial>& trials) {
  std::vector<gpucheck::benchmark_call> calls;
  for (const benchmark_trial& trial : trials)
    calls.push_back(trial.call);
  const gpucheck::noise_judgement judged = gpucheck::judge_noise_calls(calls, allowed_misses);
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l06.noise.name");
  outcome.passed = judged.passed;
  const benchmark_trial& shown = judged.shown >= 0 ? trials[judged.shown] : trials.back();
  const gpucheck::runs_truth& truth = shown.call.truth;
  const gpucheck::noise_bounds bounds = gpucheck::allowed_noise(truth.spread);
  gpucheck::show_call(outcome, shown.timing.call, truth.median_ms);
  outcome.call.per_run = true; // the median: one sample of several, each over its runs
  outcome.expected =
      gpucheck::say("check.l06.noise.expected", {{"spread", percent(truth.spread)},
                                                 {"low", percent(bounds.low)},
                                                 {"high", percent(bounds.high)},
                                                 {"median", gpucheck::format_ms(truth.median_ms)}});
  outcome.measured = gpucheck::say("check.l06.noise.measured",
                                   {{"noise", percent(shown.call.noise)},
                                    {"median", gpucheck::format_ms(shown.call.median_ms)},
                                    {"samples", std::to_string(shown.call.samples)},
                                    {"hits", std::to_string(judged.hits)},
                                    {"calls", std::to_string(trials.size())}});
  if (judged.passed)
    return outcome;
  outcome.noise_could_explain = judged.noise_could_explain;
  outcome.lesson_section = lesson + "#the-median-and-the-noise";
  if (judged.too_few_samples >= 0) {
    const gpucheck::benchmark_call& call = trials[judged.too_few_samples].call;
    outcome.message = gpucheck::say("check.l06.noise.samples.message",
                                    {{"samples", std::to_string(call.samples)},
                                     {"runs", std::to_string(call.runs)},
                                     {"fewest", std::to_string(gpucheck::fewest_samples)}});
    outcome.hint = gpucheck::say("check.l06.noise.samples.hint");
    return outcome;
  }
  if (judged.same_every_call) {
    outcome.message = gpucheck::say("check.l06.noise.same-every-call.message",
                                    {{"noise", percent(shown.call.noise)}});
    outcome.hint = gpucheck::say("check.l06.noise.same-every-call.hint");
    return outcome;
  }
  if (judged.slip == "swapped") {
    name_swap(outcome, shown.call);
    return outcome;
  }
  if (!judged.slip.empty()) { // a percentage for a fraction (slip_analysis.hpp)
    // The judgement found each figure, divided by 100, within what the runs' spread allows: that
    // hundredth is the right figure to show. The spread itself may be 0 (runs alike to the
    // nanosecond), and "100 times 0" would say nothing true.
    const double noise = shown.call.noise;
    gpucheck::slip_result slip;
    slip.kind = gpucheck::slip_kind::percent_for_fraction;
    slip.expected = noise;
    slip.factor = 100;
    const gpucheck::slip_words words = gpucheck::describe_slip(slip, noise, noise / 100, "");
    outcome.message = words.message;
    outcome.hint = words.hint;
    outcome.slip = judged.slip;
    return outcome;
  }
  switch (judged.verdict) {
  case gpucheck::noise_verdict::too_low:
    outcome.message =
        gpucheck::say("check.l06.noise.too-low.message",
                      {{"noise", percent(shown.call.noise)}, {"spread", percent(truth.spread)}});
    outcome.hint = gpucheck::say("check.l06.noise.too-low.hint");
    break;
  case gpucheck::noise_verdict::too_high:
    outcome.message =
        gpucheck::say("check.l06.noise.too-high.message",
                      {{"noise", percent(shown.call.noise)}, {"spread", percent(truth.spread)}});
    outcome.hint = gpucheck::say("check.l06.noise.too-high.hint");
    break;
  case gpucheck::noise_verdict::median_outside:
    outcome.message = gpucheck::say("check.l06.noise.median-outside.message",
                                    {{"median", gpucheck::format_ms(shown.call.median_ms)},
                                     {"low", gpucheck::format_ms(truth.lower_quartile_ms)},
                                     {"high", gpucheck::format_ms(truth.upper_quartile_ms)}});
    outcome.hint = gpucheck::say("check.l06.noise.median-outside.hint");
    outcome.lesson_section = lesson + "#warm-up-for-a-time";
    break;
  case gpucheck::noise_verdict::not_a_number:
    outcome.message = gpucheck::say("check.l06.noise.not-a-number.message",
                                    {{"noise", std::to_string(shown.call.noise)}});
    outcome.hint = gpucheck::say("check.l06.noise.not-a-number.hint");
    break;
  case gpucheck::noise_verdict::accurate:
    break;
  }
  return outcome;
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
      [&] {
        last_round = run_median_trials(tolerance);
        return timings(last_round);
      },
      words, allowed_misses);
  name_median_clue(outcome, last_round);
  name_median_swap(outcome, last_round);
  // A median is one sample of many, each an interval over the runs it holds: the trace holds it
  // to such an interval only (one run more than divided by, rules/returned_value.cpp).
  outcome.call.per_run = true;
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("benchmark's noise figure rises and falls with the spread of the runs") {
  gpucheck::check_outcome outcome = judge_noise(run_noise_trials());
  if (gpucheck::second_round_wanted(outcome)) { // a burst of noise seldom lasts two rounds
    outcome = judge_noise(run_noise_trials());
    if (!outcome.passed)
      outcome.measured =
          gpucheck::say("check.api.second-round.measured", {{"measured", outcome.measured}});
  }
  CHECK(gpucheck::report(outcome));
}
