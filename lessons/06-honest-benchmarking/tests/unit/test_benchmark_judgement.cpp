// SPDX-License-Identifier: MIT
// Lesson 06's planned runs and its judgement of benchmark(), on simulated calls: the work follows
// a drawn plan, a timer reads each sample's true length plus an overhead, and simulated students
// (the class of submissions in lessons/06-honest-benchmarking/tests/class/, and more) answer. Right
// ones pass every draw; each wrong one fails, and is excused by noise only where noise could cause
// it.
#include "checkapi/statistics.hpp"
#include "judgement/benchmark_judgement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <utility>
#include <vector>

using namespace gpucheck;

namespace {

// How a simulated student benchmarks: warm-up, batching, which statistics.
struct student {
  double warm_up_ms = 50;      // how long the warm-up runs the work [ms]
  int fewest_warm_up_runs = 1; // and at least this many runs
  double sample_ms = 1.0;      // batch short runs until a sample lasts this long
  int samples = 20;
  double overhead_ms = 0.002; // what one timing adds to a sample
  bool mean = false;          // a mean instead of a median
  bool divide = true;         // a batch divided by its runs
  double constant_noise = -1; // >= 0: this noise figure whatever was measured
};

benchmark_call simulate(const run_plan& plan, const student& who, std::uint64_t seed) {
  planned_runs runs(plan, seed);
  const double guess_ms = runs.next_ms(); // the first run, as an estimate
  double warmed_ms = guess_ms;
  int warm_up_runs = 1;
  while (warmed_ms < who.warm_up_ms || warm_up_runs < who.fewest_warm_up_runs) {
    warmed_ms += runs.next_ms();
    ++warm_up_runs;
  }
  const int batch = std::max(1, static_cast<int>(std::ceil(who.sample_ms / guess_ms)));
  std::vector<double> samples;
  for (int s = 0; s < who.samples; ++s) {
    double total = who.overhead_ms;
    for (int r = 0; r < batch; ++r)
      total += runs.next_ms();
    samples.push_back(who.divide ? total / batch : total);
  }
  benchmark_call call;
  call.median_ms = who.mean ? std::accumulate(samples.begin(), samples.end(), 0.0) / samples.size()
                            : median(samples);
  call.noise = who.constant_noise >= 0 ? who.constant_noise : relative_spread(samples);
  call.samples = who.samples;
  call.runs = runs.runs();
  call.truth = truth_of(runs);
  return call;
}

bool median_accurate(const benchmark_call& call) {
  return std::abs(call.median_ms - call.truth.median_ms) <= 0.05 * call.truth.median_ms;
}

std::vector<benchmark_call> noise_round(const student& who, std::uint64_t seed) {
  std::vector<benchmark_call> calls;
  const noise_level levels[] = {noise_level::quiet, noise_level::mild, noise_level::strong,
                                noise_level::quiet, noise_level::strong};
  for (const noise_level level : levels)
    calls.push_back(simulate(draw_noise_plan(level), who, seed++));
  return calls;
}

} // namespace

TEST_CASE("the first runs are cold for the planned warm work, and whole nanoseconds long") {
  run_plan plan;
  plan.base_ms = 0.005;
  plan.cold_ms = 0.012;
  plan.cold_factor = 2.0;
  planned_runs runs(plan, 1);
  for (int i = 0; i < 5; ++i)
    runs.next_ms();
  CHECK(runs.cold_runs() == 2); // 0 and 10 us of runs before them: under 12 us
  CHECK(runs.durations_ms()[0] == doctest::Approx(0.010));
  CHECK(runs.durations_ms()[3] == doctest::Approx(0.005));
  const runs_truth truth = truth_of(runs);
  CHECK(truth.median_ms == doctest::Approx(0.005));
  CHECK(truth.spread == 0.0);
  CHECK(truth.cold_ms == doctest::Approx(0.010));
  CHECK(truth.warm_runs == 3);
}

TEST_CASE("relative spread uses the positions the exercise names") {
  CHECK(relative_spread({1, 2, 3, 4}) == doctest::Approx((4.0 - 2.0) / 3.0));
  CHECK(relative_spread({5, 5, 5, 50}) == doctest::Approx(45.0 / 5.0)); // index 3 is the outlier
  CHECK(relative_spread({5, 5, 5, 5, 5, 50, 5, 5}) == 0.0);
  CHECK(relative_spread({}) == 0.0);
}

TEST_CASE("planned noise levels give the spreads the check is built on") {
  for (int i = 0; i < 50; ++i) {
    planned_runs mild(draw_noise_plan(noise_level::mild), 100 + i);
    planned_runs strong(draw_noise_plan(noise_level::strong), 200 + i);
    for (int r = 0; r < 500; ++r) {
      mild.next_ms();
      strong.next_ms();
    }
    CHECK(truth_of(mild).spread == doctest::Approx(0.05).epsilon(0.5));
    CHECK(truth_of(strong).spread > 0.15);
    CHECK(truth_of(strong).spread < 0.35);
  }
}

TEST_CASE("a right benchmark passes every draw: medians and noise figures") {
  const student right; // 50 ms warm-up, 1 ms samples, 20 of them, a median
  SUBCASE("medians from 5 us to 50 ms, with outliers where the work is long") {
    // Half the samples outliers (14-18% of the runs each) moves a median of 20: about once in
    // 1,000 calls, which the check's one allowed miss absorbs.
    int inaccurate = 0;
    for (int i = 0; i < 2000; ++i) {
      const bool long_work = i % 2 == 0;
      const run_plan plan =
          long_work ? draw_quiet_plan(2.0, 50.0, true) : draw_quiet_plan(0.005, 1.0, false);
      const benchmark_call call = simulate(plan, right, 1000 + i);
      inaccurate += median_accurate(call) ? 0 : 1;
      CHECK((long_work || median_accurate(call)));
    }
    CHECK(inaccurate <= 3);
  }
  SUBCASE("noise figures") {
    for (int i = 0; i < 500; ++i) {
      const auto calls = noise_round(right, 5000 + 10 * i);
      const noise_judgement judged = judge_noise_calls(calls, 1); // as check.cu
      if (!judged.passed) {
        const benchmark_call& shown = calls[static_cast<std::size_t>(judged.shown)];
        CAPTURE(static_cast<int>(judged.verdict));
        CAPTURE(shown.noise);
        CAPTURE(shown.truth.spread);
        CAPTURE(shown.median_ms);
        CAPTURE(shown.truth.median_ms);
        CHECK(judged.passed);
      }
    }
  }
}

TEST_CASE("each mistake of the class fails, with the clue its numbers give") {
  SUBCASE("no warm-up: the cold runs are the median") {
    student cold;
    cold.warm_up_ms = 0;
    int failed = 0;
    for (int i = 0; i < 50; ++i) {
      const benchmark_call call = simulate(draw_quiet_plan(0.005, 1.0, false), cold, 300 + i);
      if (!median_accurate(call)) {
        ++failed;
        CHECK(clue_for_median(call) == median_clue::cold_runs);
      }
    }
    CHECK(failed >= 45); // all but where 1 ms runs at 3x leave fewer than half the samples cold
  }
  SUBCASE("a mean, pulled by the outliers of long work") {
    student mean;
    mean.mean = true;
    int failed = 0;
    for (int i = 0; i < 50; ++i) {
      const benchmark_call call = simulate(draw_quiet_plan(2.0, 10.0, true), mean, 400 + i);
      if (!median_accurate(call)) {
        ++failed;
        CHECK(clue_for_median(call) == median_clue::mean_of_runs);
      }
    }
    CHECK(failed >= 43); // 20 samples hold no outlier in 2-5% of calls
  }
  SUBCASE("one run of 5-10 us per timing") {
    student single;
    single.sample_ms = 0;
    single.overhead_ms = 0.007; // a pair of events around one launch (about 6-9 us more)
    // Under 10 us, the cold runs' length can match a run and one timing's cost by chance (a few
    // percent of draws), and the cold clue, asked first, wins.
    int timing_cost = 0;
    for (int i = 0; i < 40; ++i) {
      const benchmark_call call = simulate(draw_quiet_plan(0.005, 0.100, false), single, 7 + i);
      CHECK_FALSE(median_accurate(call));
      const median_clue clue = clue_for_median(call);
      CHECK((clue == median_clue::timing_cost || clue == median_clue::cold_runs));
      timing_cost += clue == median_clue::timing_cost ? 1 : 0;
    }
    CHECK(timing_cost >= 34);
  }
  SUBCASE("a batch's time not divided by its runs") {
    student sum;
    sum.divide = false;
    const benchmark_call call = simulate(draw_quiet_plan(0.020, 0.100, false), sum, 8);
    CHECK_FALSE(median_accurate(call));
    CHECK(clue_for_median(call) == median_clue::several_runs);
  }
  SUBCASE("a noise figure that is a constant, or always 0") {
    for (const double constant : {0.0, 0.01, 0.05, 0.1, 0.3}) {
      student fixed;
      fixed.constant_noise = constant;
      const noise_judgement judged = judge_noise_calls(noise_round(fixed, 900), 1);
      CAPTURE(constant);
      CHECK_FALSE(judged.passed);
      CHECK(judged.same_every_call);
      CHECK_FALSE(judged.noise_could_explain);
    }
  }
}

TEST_CASE("a noise figure in percent is named, on any GPU, one merely too high is not") {
  const student right;
  for (int i = 0; i < 50; ++i) {
    CAPTURE(i);
    std::vector<benchmark_call> calls = noise_round(right, 7000 + 10 * i);
    for (benchmark_call& call : calls)
      call.noise *= 100; // "3.1" for 3.1%
    const noise_judgement judged = judge_noise_calls(calls, 1);
    CHECK_FALSE(judged.passed);
    CHECK(judged.slip == "percent-for-fraction");
    CHECK_FALSE(judged.noise_could_explain);
  }
  SUBCASE("no percentage where the median is off: a small figure over 100 is always in bounds") {
    // Runs alike (spread under 1.25%: allowed_noise's low bound is 0) and every sample lengthened
    // to one length, as an H100 beside gpu_load gave: 4.55 ms for runs of 2.4 ms, noise 0.1%.
    std::vector<benchmark_call> calls = noise_round(right, 7600);
    for (std::size_t i = 0; i < calls.size(); ++i) {
      calls[i].truth.spread = 0.0;
      calls[i].median_ms = calls[i].truth.upper_quartile_ms * 1.9;
      calls[i].noise = 0.001 + 0.0001 * static_cast<double>(i); // not one figure every call
    }
    const noise_judgement judged = judge_noise_calls(calls, 1);
    CHECK_FALSE(judged.passed);
    CHECK(judged.slip.empty());
    CHECK(judged.noise_could_explain);
  }
  SUBCASE("twice the spread is too high, and no percentage") {
    std::vector<benchmark_call> calls = noise_round(right, 9000);
    for (benchmark_call& call : calls)
      call.noise = 3 * call.noise + 0.1;
    const noise_judgement judged = judge_noise_calls(calls, 1);
    CHECK_FALSE(judged.passed);
    CHECK(judged.slip.empty());
  }
}

TEST_CASE("a median and a noise figure swapped are named, on any GPU, right calls never are") {
  const student right;
  for (int i = 0; i < 50; ++i) {
    CAPTURE(i);
    std::vector<benchmark_call> calls = noise_round(right, 11000 + 10 * i);
    for (const benchmark_call& call : calls)
      CHECK_FALSE(median_and_noise_swapped(call));
    for (benchmark_call& call : calls)
      std::swap(call.median_ms, call.noise);
    const noise_judgement judged = judge_noise_calls(calls, 1);
    CHECK_FALSE(judged.passed);
    CHECK(judged.slip == "swapped");
    CHECK_FALSE(judged.noise_could_explain);
  }
  SUBCASE("the median check's runs, 5 us to 50 ms: named where the two truths are apart") {
    int told_apart = 0;
    for (int i = 0; i < 200; ++i) {
      CAPTURE(i);
      benchmark_call call = simulate(i % 2 == 0 ? draw_quiet_plan(0.005, 1.0, false)
                                                : draw_quiet_plan(2.0, 50.0, true),
                                     right, 12000 + i);
      CHECK_FALSE(median_and_noise_swapped(call));
      // Told apart where a median of more than 30 us (0.03 ms) could not itself be a noise figure
      // of 3%, and the noise figure sits below the median (runs of 2.6 ms with outliers gave 3.6).
      const bool apart = call.truth.median_ms > allowed_noise(call.truth.spread).high &&
                         call.noise < 0.95 * call.truth.lower_quartile_ms;
      std::swap(call.median_ms, call.noise);
      CHECK(median_and_noise_swapped(call) == apart);
      told_apart += apart ? 1 : 0;
    }
    // Most draws: the swap is named in most median checks. The plans are drawn afresh each run:
    // over 300 runs of this test, 143 to 172 of the 200 were told apart (mean 158, sd 5), so
    // 150 failed one run in 17; 130 fails none in a million, and a judgement that named no swap
    // still fails.
    CHECK(told_apart >= 130);
  }
  SUBCASE("a noise figure merely too high is no swap") {
    std::vector<benchmark_call> calls = noise_round(right, 13000);
    for (benchmark_call& call : calls)
      call.noise = 3 * call.noise + 0.1;
    CHECK(judge_noise_calls(calls, 1).slip.empty());
  }
}

TEST_CASE("a median of fewer samples than the contract's fails on its count, on any GPU") {
  student few;
  few.samples = 10; // 10 samples, said to be 10: fewer than 20
  const noise_judgement judged = judge_noise_calls(noise_round(few, 4000), 1);
  CHECK_FALSE(judged.passed);
  CHECK(judged.too_few_samples == 0);
  CHECK_FALSE(judged.noise_could_explain);
  SUBCASE("more samples claimed than runs made") {
    std::vector<benchmark_call> calls = noise_round(student{}, 4100);
    calls[2].samples = calls[2].runs + 1;
    CHECK(judge_noise_calls(calls, 1).too_few_samples == 2);
  }
  SUBCASE("the reference's count is right") {
    CHECK(judge_noise_calls(noise_round(student{}, 4200), 1).too_few_samples == -1);
  }
}

TEST_CASE("noise excuses what a busy GPU can do, and nothing else") {
  benchmark_call call;
  call.truth.median_ms = 2.0;
  call.truth.lower_quartile_ms = 1.9;
  call.truth.upper_quartile_ms = 2.1;
  call.truth.spread = 0.1;
  call.median_ms = 2.0;
  call.noise = 0.1;
  CHECK(judge_noise_call(call) == noise_verdict::accurate);
  SUBCASE("a noise figure too high: a busy GPU spreads samples") {
    call.noise = 0.5;
    CHECK(judge_noise_call(call) == noise_verdict::too_high);
    CHECK(noise_could_cause(noise_verdict::too_high, call));
  }
  SUBCASE("too low with a right median: samples all of one length, as a time-sliced GPU gives") {
    call.noise = 0.001;
    CHECK(judge_noise_call(call) == noise_verdict::too_low);
    CHECK(noise_could_cause(noise_verdict::too_low, call));
  }
  SUBCASE("too low with every sample lengthened: a busy GPU may") {
    call.noise = 0.01;
    call.median_ms = 4.0;
    CHECK(judge_noise_call(call) == noise_verdict::median_outside);
    CHECK(noise_could_cause(noise_verdict::median_outside, call));
  }
  SUBCASE("a median below the runs: never noise") {
    call.median_ms = 1.0;
    CHECK(judge_noise_call(call) == noise_verdict::median_outside);
    CHECK_FALSE(noise_could_cause(noise_verdict::median_outside, call));
  }
  SUBCASE("not a number") {
    call.noise = std::nan("");
    CHECK(judge_noise_call(call) == noise_verdict::not_a_number);
    CHECK_FALSE(noise_could_cause(noise_verdict::not_a_number, call));
  }
}
