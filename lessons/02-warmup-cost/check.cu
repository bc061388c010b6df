// SPDX-License-Identifier: MIT
// Lesson 02's checks. First, on work whose true durations the GPU's clock records (a long first
// call, then shorter ones, all drawn afresh), the student's first and steady times against the
// truth. Then, on GEMMs of a small and a large N, each measured in fresh processes (this program
// started again, see checkapi/fresh_process.hpp), the student's numbers against the checker's own.
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/fresh_process.hpp"
#include "checkapi/gemm_workload.cuh"
#include "checkapi/statistics.hpp"
#include "cuda_check.cuh"
#include "exercise.h"
#include "matrices.cuh"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

using gpucheck::format_ms;

constexpr char lesson[] = "lessons/02-warmup-cost/lesson.md";
constexpr char fresh_test_case[] = "fresh-process-gemm-timing";
constexpr int repetitions = 5;

// Fills the outcome's message for a time that is not what it should be. `own_clock`: the truth
// is the timed kernels' own clock, which no busy GPU shortens, so a time below it is a fail on any
// GPU; otherwise the truth is a separate measurement that noise may move either way.
void explain(gpucheck::check_outcome& outcome, const char* what, double reported_ms,
             double truth_ms, gpucheck::time_verdict verdict, bool own_clock) {
  const std::string section =
      std::string(lesson) + "#measuring-the-first-call-and-the-steady-state";
  outcome.lesson_section = section;
  if (verdict == gpucheck::time_verdict::not_a_number) {
    outcome.message = std::string("your ") + what + " is " + format_ms(reported_ms) +
                      ", which is not a duration.";
    return;
  }
  if (reported_ms == 0.0) {
    outcome.message = std::string("your ") + what + " is 0 ms: the function does not time yet.";
    outcome.hint = "Time each call with a host clock and a cudaDeviceSynchronize() before and "
                   "after it, as lesson 01's time_call does.";
    return;
  }
  if (verdict == gpucheck::time_verdict::too_short) {
    outcome.message = std::string("your ") + what + " is " + format_ms(reported_ms) +
                      " but the work ran " + format_ms(truth_ms) + ": it is too short.";
    outcome.hint = "Each time must run until the GPU has finished that call's work.";
  } else {
    outcome.message = std::string("your ") + what + " is " + format_ms(reported_ms) +
                      " but the work ran " + format_ms(truth_ms) + ": it is too long.";
    outcome.hint = "Time each call on its own; steady_ms is the median of the calls after the "
                   "first, so the first call must not be among them.";
  }
  outcome.noise_could_explain = gpucheck::noise_could_cause(verdict, own_clock);
}

// A unit slip, or a number longer than the whole call, shows by itself (number_slip.hpp): name it,
// and let no busy GPU excuse it.
void name_slip(gpucheck::check_outcome& outcome, const first_and_steady& reported,
               double true_first_ms, double true_steady_ms, double call_ms,
               gpucheck::time_tolerance tolerance) {
  if (gpucheck::name_number_slip(outcome,
                                 {{reported.first_ms, true_first_ms, call_ms},
                                  {reported.steady_ms, true_steady_ms, call_ms}},
                                 tolerance)) {
    outcome.lesson_section = std::string(lesson) + "#measuring-the-first-call-and-the-steady-state";
  }
}

// How much longer than a steady call each later call runs, in a random order: most within 15%
// of the median, one three times as long (the odd slow call a median ignores and a mean does
// not), and the middle one or two within 1% of each other, so that every usual even-count
// convention (the upper, the lower or the mean of the two) gives the same median.
std::vector<double> later_call_factors(int count) {
  std::vector<double> factors;
  for (int i = 0; i < count; ++i) {
    const int from_middle = i - count / 2; // ..., -1, 0, 1, ... (0 and -1 are the middle two)
    double factor = 1.0;
    if (from_middle < 0 && !(count % 2 == 0 && from_middle == -1)) {
      factor = gpucheck::random_between(0.75, 0.85);
    } else if (from_middle > 0) {
      factor = gpucheck::random_between(1.15, 1.3);
    } else if (from_middle == -1) {
      factor = 0.99;
    }
    factors.push_back(factor);
  }
  if (count >= 3) {
    factors.back() = 3.0;
  }
  for (int i = count - 1; i > 0; --i) { // Fisher-Yates, with the check's random draws
    const int j = std::min(i, static_cast<int>(gpucheck::random_between(0.0, i + 1.0)));
    std::swap(factors[i], factors[j]);
  }
  return factors;
}

} // namespace

// Runs only in a fresh process. Task: "WHO N": student (measure_first_and_steady on a GEMM of size
// N) or checker (the checker's own synchronized timing of the first GEMM of size N).
GPU_TEST_CASE("fresh-process-gemm-timing") {
  const std::string task = gpucheck::fresh_process_task();
  if (task.empty()) {
    return;
  }
  std::istringstream fields(task);
  std::string who;
  int n = 0;
  fields >> who >> n;
  CUDA_CHECK(cudaFree(nullptr));
  gpucourse::cuda_stream stream;
  gpucheck::gemm_workload problem(n, 21);
  const gpu_work gemm = problem.work();
  if (who == "student") {
    const first_and_steady timing = measure_first_and_steady(gemm, stream, repetitions);
    gpucheck::report_fresh_value("first_ms", timing.first_ms);
    gpucheck::report_fresh_value("steady_ms", timing.steady_ms);
    gpucheck::report_fresh_value("cost_ms", warm_up_cost_ms(timing));
  } else {
    const auto start = std::chrono::steady_clock::now();
    gemm(stream);
    CUDA_CHECK(cudaDeviceSynchronize());
    gpucheck::report_fresh_value("first_ms", std::chrono::duration<double, std::milli>(
                                                 std::chrono::steady_clock::now() - start)
                                                 .count());
  }
}

GPU_TEST_CASE("measure_first_and_steady separates the first call from the steady state") {
  gpucourse::cuda_stream stream;
  constexpr int most_calls = 12;
  std::vector<std::unique_ptr<gpucheck::known_duration_work>> spins;
  for (int i = 0; i < most_calls; ++i) {
    spins.push_back(std::make_unique<gpucheck::known_duration_work>());
  }
  spins[0]->enqueue(stream, 0.01); // load the kernel now
  CUDA_CHECK(cudaDeviceSynchronize());

  const gpucheck::time_tolerance tolerance{0.05, 0.05}; // 5% or 50 us
  gpucheck::check_outcome outcome;
  outcome.name = "measure_first_and_steady returns the first call's time and the steady median";
  int accurate = 0;
  constexpr int trial_count = 3;
  // A failure must repeat to count: a trial whose times were only too long (what a busy host or
  // GPU can cause, TOLERANCES.md) is run again with fresh draws, up to twice in all.
  int retries_left = 2;
  for (int trial = 0; trial < trial_count; ++trial) {
    const int calls_wanted = static_cast<int>(gpucheck::random_between(3.0, most_calls - 1.0));
    const double first_ms = gpucheck::random_between(10.0, 30.0);
    const double steady_ms = gpucheck::random_between(0.5, 5.0);
    const std::vector<double> factors = later_call_factors(calls_wanted);
    int calls = 0;
    const gpu_work work = [&](cudaStream_t s) {
      // The first call is long (a cold start, as it were); the others last about steady_ms.
      const double factor = calls == 0 ? 0.0 : factors[(calls - 1) % calls_wanted];
      const double duration_ms = calls == 0 ? first_ms : steady_ms * factor;
      spins[std::min(calls, most_calls - 1)]->enqueue(s, duration_ms);
      ++calls;
    };
    // The call's window, for the trace; it returns two numbers, so none stands for it (NaN).
    first_and_steady reported{};
    const auto call = gpucheck::call_timed([&] {
      reported = measure_first_and_steady(work, stream, calls_wanted);
      return std::numeric_limits<double>::quiet_NaN();
    });
    const double call_ms = call.call_ms;
    const double cost_ms = warm_up_cost_ms(reported);
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<double> later_ms;
    for (int i = 1; i < std::min(calls, most_calls); ++i) {
      later_ms.push_back(spins[i]->last_true_ms());
    }
    const double true_first_ms = calls > 0 ? spins[0]->last_true_ms() : 0.0;
    const double true_steady_ms = gpucheck::median(later_ms);
    const auto first_verdict = gpucheck::judge_time(reported.first_ms, true_first_ms, tolerance);
    const auto steady_verdict = gpucheck::judge_time(reported.steady_ms, true_steady_ms, tolerance);
    const bool cost_right = std::abs(cost_ms - (reported.first_ms - reported.steady_ms)) <
                            1e-6 * (1 + std::abs(cost_ms));
    outcome.expected = "first " + format_ms(true_first_ms) + ", steady " +
                       format_ms(true_steady_ms) + ", cost " +
                       format_ms(true_first_ms - true_steady_ms) + " (" +
                       std::to_string(calls_wanted) + " repetitions)";
    outcome.measured = "first " + format_ms(reported.first_ms) + ", steady " +
                       format_ms(reported.steady_ms) + ", cost " + format_ms(cost_ms);
    const auto accurate_or_long = [](gpucheck::time_verdict verdict) {
      return verdict == gpucheck::time_verdict::accurate ||
             verdict == gpucheck::time_verdict::too_long;
    };
    const bool only_too_long = calls == calls_wanted + 1 && cost_right &&
                               accurate_or_long(first_verdict) &&
                               accurate_or_long(steady_verdict) &&
                               (first_verdict != gpucheck::time_verdict::accurate ||
                                steady_verdict != gpucheck::time_verdict::accurate);
    if (only_too_long && retries_left > 0) {
      --retries_left;
      --trial;
      continue;
    }
    if (calls != calls_wanted + 1) {
      outcome.message = "the work was called " + std::to_string(calls) + " times; with " +
                        std::to_string(calls_wanted) + " repetitions it should be called " +
                        std::to_string(calls_wanted + 1) + " times (the first, then the rest).";
      outcome.hint = "Call `work(stream)` once for first_ms, then `repetitions` times more.";
      outcome.lesson_section =
          std::string(lesson) + "#measuring-the-first-call-and-the-steady-state";
    } else if (first_verdict != gpucheck::time_verdict::accurate) {
      gpucheck::show_call(outcome, call, true_first_ms);
      explain(outcome, "first_ms", reported.first_ms, true_first_ms, first_verdict, true);
      name_slip(outcome, reported, true_first_ms, true_steady_ms, call_ms, tolerance);
    } else if (steady_verdict != gpucheck::time_verdict::accurate) {
      gpucheck::show_call(outcome, call, true_steady_ms);
      explain(outcome, "steady_ms", reported.steady_ms, true_steady_ms, steady_verdict, true);
      if (steady_verdict == gpucheck::time_verdict::too_long && !later_ms.empty()) {
        double later_sum_ms = 0;
        for (const double t : later_ms) {
          later_sum_ms += t;
        }
        const double mean_ms = later_sum_ms / later_ms.size();
        const double mean_with_first_ms = (later_sum_ms + true_first_ms) / (later_ms.size() + 1);
        if (gpucheck::judge_time(reported.steady_ms, mean_with_first_ms, tolerance) ==
            gpucheck::time_verdict::accurate) {
          outcome.message += " That is the mean of all the calls, the first one included (" +
                             format_ms(mean_with_first_ms) + "): the cold call is in it.";
          outcome.rule = "cold-start";
        } else if (gpucheck::judge_time(reported.steady_ms, mean_ms, tolerance) ==
                   gpucheck::time_verdict::accurate) {
          outcome.message += " That is the mean of the later calls (" + format_ms(mean_ms) +
                             "): one slow call moves a mean, and not a median.";
          outcome.hint = "Sort the later times and take the middle one.";
        }
      }
      name_slip(outcome, reported, true_first_ms, true_steady_ms, call_ms, tolerance);
    } else if (!cost_right) {
      outcome.message =
          "warm_up_cost_ms returned " + format_ms(cost_ms) + ", not first_ms - " + "steady_ms.";
      outcome.hint = "The first call did a steady call's work and paid the warm-up on top of it.";
      outcome.lesson_section = std::string(lesson) + "#the-warm-up-cost";
    } else {
      ++accurate;
      continue;
    }
    break; // a wrong answer is explained with its own numbers
  }
  outcome.passed = accurate == trial_count;
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE(
    "cold and warm GEMM times agree with the checker's own, and the warm time grows with N") {
  struct size_result {
    int n = 0;
    std::vector<double> truth_first_ms;
    double truth_steady_ms = 0;
    double first_ms = -1, steady_ms = -1, cost_ms = 0;
    std::string failure;
  };
  std::vector<size_result> sizes(2);
  sizes[0].n = static_cast<int>(gpucheck::random_between(4.0, 65.0));
  sizes[1].n = static_cast<int>(gpucheck::random_between(3000.0, 4001.0));

  for (size_result& size : sizes) {
    const std::string n = " " + std::to_string(size.n);
    for (const char* who : {"checker", "student", "checker"}) {
      const gpucheck::fresh_result run = gpucheck::run_fresh_process(fresh_test_case, who + n);
      if (!run.ok || run.value("first_ms") < 0) {
        size.failure = gpucheck::last_lines(run.output, 8);
        continue;
      }
      if (std::string(who) == "checker") {
        size.truth_first_ms.push_back(run.value("first_ms"));
      } else {
        size.first_ms = run.value("first_ms");
        size.steady_ms = run.value("steady_ms");
        size.cost_ms = run.value("cost_ms");
      }
    }
    // The steady state is measured here, in this warm process, with events around each GEMM.
    gpucourse::cuda_stream stream;
    gpucheck::gemm_workload problem(size.n, 21);
    const gpu_work gemm = problem.work();
    gemm(stream);
    size.truth_steady_ms = gpucheck::median_event_ms(gemm, stream, 2 * repetitions + 1);
  }

  for (const size_result& size : sizes) {
    gpucheck::check_outcome outcome;
    outcome.name =
        "in a fresh process, first and steady GEMM times at N = " + std::to_string(size.n) +
        " agree with the checker's";
    if (size.first_ms < 0 || size.truth_first_ms.empty()) {
      outcome.expected = "a fresh process that runs measure_first_and_steady to the end";
      outcome.measured = "a process that failed";
      outcome.message = "a fresh process stopped early. Its last lines:\n" + size.failure;
      outcome.hint = "Run `make run LESSON=2` to see the same error in your terminal.";
      CHECK(gpucheck::report(outcome));
      continue;
    }
    const auto [low, high] =
        std::minmax_element(size.truth_first_ms.begin(), size.truth_first_ms.end());
    // Cold starts are noisy (on an H200, 0.09 to 0.16 s); the window only rejects a first time
    // that left the cold start out, or added something big to it.
    const bool first_ok = size.first_ms >= 0.4 * *low && size.first_ms <= 2.5 * *high;
    // Steady: 15% or 100 us (a host clock with two synchronizations adds tens of microseconds).
    const gpucheck::time_tolerance steady_tolerance{0.15, 0.10};
    const auto steady_verdict =
        gpucheck::judge_time(size.steady_ms, size.truth_steady_ms, steady_tolerance);
    outcome.passed = first_ok && steady_verdict == gpucheck::time_verdict::accurate;
    outcome.expected = "first between " + format_ms(0.4 * *low) + " and " + format_ms(2.5 * *high) +
                       ", steady " + format_ms(size.truth_steady_ms) + " within " +
                       format_ms(steady_tolerance.allowed_ms(size.truth_steady_ms));
    outcome.measured = "first " + format_ms(size.first_ms) + ", steady " +
                       format_ms(size.steady_ms) + ", warm-up cost " + format_ms(size.cost_ms);
    if (!first_ok) {
      outcome.message = "the checker's first GEMMs of N = " + std::to_string(size.n) +
                        " in fresh processes took " + format_ms(*low) + " to " + format_ms(*high) +
                        "; yours took " + format_ms(size.first_ms) + ".";
      outcome.hint = size.first_ms < 0.4 * *low
                         ? "first_ms must be the very first call, timed until the GPU finished: "
                           "nothing may run the work before it."
                         : "Keep only `work(stream)` and the synchronizations between the clock "
                           "reads.";
      // The truth is other processes' first GEMMs, which a busy GPU lengthens or not: a
      // disturbed GPU may excuse this comparison either way. Far below every cold start measured
      // here, the cold start is missing from the number.
      if (size.first_ms < 0.4 * *low)
        outcome.rule = "cold-start";
      outcome.noise_could_explain = true;
      // A number that fits in another unit shows its slip by itself, on any GPU.
      const std::string unit = gpucheck::unit_that_fits(size.first_ms, 0.4 * *low, 2.5 * *high);
      if (!unit.empty()) {
        outcome.message = gpucheck::unit_slip_message(size.first_ms, unit);
        outcome.hint = "Return milliseconds: std::chrono::duration<double, std::milli>(stop - "
                       "start).count().";
        outcome.rule.clear();
        outcome.noise_could_explain = false;
      }
      outcome.lesson_section = std::string(lesson) + "#cold-in-a-fresh-process";
    } else if (!outcome.passed) {
      explain(outcome, "steady_ms", size.steady_ms, size.truth_steady_ms, steady_verdict, false);
    }
    CHECK(gpucheck::report(outcome));
  }

  if (sizes[0].steady_ms > 0 && sizes[1].steady_ms > 0) {
    gpucheck::check_outcome outcome;
    outcome.name = "the steady GEMM time grows with N while the first-call cost does not";
    const double ratio = sizes[1].steady_ms / sizes[0].steady_ms;
    const double truth_ratio = sizes[1].truth_steady_ms / sizes[0].truth_steady_ms;
    outcome.passed = ratio >= 5.0;
    outcome.expected = "steady at N = " + std::to_string(sizes[1].n) + " at least 5 times " +
                       "steady at N = " + std::to_string(sizes[0].n) +
                       " (the checker's: " + std::to_string(static_cast<int>(truth_ratio)) +
                       " times)";
    outcome.measured = format_ms(sizes[1].steady_ms) + " vs " + format_ms(sizes[0].steady_ms);
    if (!outcome.passed) {
      outcome.message = "your steady times hardly grow with N: they do not measure the GEMM "
                        "itself, only a fixed cost such as the launch.";
      outcome.hint = "Wait for the GPU (cudaDeviceSynchronize) before each second clock read.";
      outcome.rule = "unsynced-stop"; // inferred: the number is what a launch alone costs
      outcome.noise_could_explain = true;
      outcome.lesson_section = std::string(lesson) + "#the-warm-up-cost";
    }
    CHECK(gpucheck::report(outcome));
  }
}
