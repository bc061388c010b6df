// SPDX-License-Identifier: MIT
// Lesson 02's checks. First, on work whose true durations the GPU's clock records (a cold call and
// a few more slow ones, how many drawn afresh, then steady calls), the student's warm-up, steady
// time and cost against the truth (judgement/warm_up_series.hpp). Then, on GEMMs of a small and a
// large N, each measured in fresh processes (this program started again, see
// checkapi/fresh_process.hpp), the student's numbers against the checker's own. Last, the student's
// rounds of fresh processes, each size's first GEMM in each, against the checker's record of them.
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/fresh_process.hpp"
#include "checkapi/gemm_workload.cuh"
#include "checkapi/statistics.hpp"
#include "checkapi/untraced_clock.hpp"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/fresh_gemm_judgement.hpp"
#include "judgement/fresh_rounds_judgement.hpp"
#include "judgement/warm_up_judgement.hpp"
#include "judgement/warm_up_series.hpp"
#include "matrices.cuh"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr char lesson[] = "lessons/02-warmup-cost/lesson.md";
constexpr char fresh_test_case[] = "fresh-process-gemm-timing";
constexpr int repetitions = 5;
// A call the host saw last more than 3 % beyond its true duration was disturbed: the steady calls
// jitter by 1.5 % at most, so two of them stop agreeing (10 %) only when one is delayed by 7 %.
const gpucheck::warm_up_rules rules{stable_within, {0.05, 0.05}, 0.03}; // warm_up_judgement.hpp

// The spinning kernels, one per call of a series (each records only its last run's span).
using spin_pool = std::vector<std::unique_ptr<gpucheck::known_duration_work>>;

// One call of warm_up_until_stable on work that follows a warm-up plan drawn afresh.
gpucheck::warm_up_series_trial run_series(spin_pool& spins, cudaStream_t stream) {
  gpucheck::warm_up_series_trial trial;
  gpucheck::warm_up_series_run& run = trial.run;
  run.repetitions = static_cast<int>(gpucheck::random_between(3.0, 10.0)); // 3 to 9
  run.plan = gpucheck::draw_warm_up_plan(run.repetitions);
  const int pool = static_cast<int>(spins.size());
  std::vector<std::chrono::steady_clock::time_point> called;
  const gpu_work work = [&](cudaStream_t s) {
    const int call = static_cast<int>(called.size());
    called.push_back(gpucheck::untraced_clock::now()); // inside their call: not in the trace
    spins[std::min(call, pool - 1)]->enqueue(s, run.plan.duration_ms(call));
  };
  warm_up_timing reported;
  // It returns several numbers, so none stands for the call (NaN).
  trial.call = gpucheck::call_timed([&] {
    reported = warm_up_until_stable(work, stream, run.repetitions);
    return std::numeric_limits<double>::quiet_NaN();
  });
  const auto returned = std::chrono::steady_clock::now();
  trial.answer = {reported.warm_up_ms, reported.steady_ms, warm_up_cost_ms(reported)};
  CUDA_CHECK(cudaDeviceSynchronize());
  run.calls = static_cast<int>(called.size());
  for (int call = 0; call < std::min(run.calls, pool - 1); ++call) {
    run.true_ms.push_back(spins[call]->last_true_ms());
    const auto next = call + 1 < run.calls ? called[call + 1] : returned;
    run.host_ms.push_back(std::chrono::duration<double, std::milli>(next - called[call]).count());
  }
  return trial;
}

} // namespace

// Runs only in a fresh process. Task: "WHO N": student (warm_up_until_stable on a GEMM of size N)
// or checker (the checker's own synchronized timing of the first GEMM of size N).
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
    const warm_up_timing timing = warm_up_until_stable(gemm, stream, repetitions);
    // 0: no warm-up at all, which a cold first GEMM cannot be.
    gpucheck::report_fresh_value("first_ms",
                                 timing.warm_up_ms.empty() ? 0.0 : timing.warm_up_ms.front());
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

GPU_TEST_CASE("warm_up_until_stable finds the end of the warm-up and the steady time") {
  gpucourse::cuda_stream stream;
  // One kernel per call: the most calls a warm-up may take, the two that agree, the median's 9.
  spin_pool spins;
  for (int i = 0; i < most_warm_up_calls + 2 + 9 + 1; ++i) {
    spins.push_back(std::make_unique<gpucheck::known_duration_work>());
  }
  spins[0]->enqueue(stream, 0.01); // load the kernel now
  CUDA_CHECK(cudaDeviceSynchronize());

  // Three series, each against what really happened (judgement/warm_up_judgement.hpp).
  CHECK(gpucheck::report(gpucheck::judge_warm_up_trials([&] { return run_series(spins, stream); },
                                                        /*trial_count=*/3, rules, lesson)));
}

GPU_TEST_CASE(
    "cold and warm GEMM times agree with the checker's own, and the warm time grows with N") {
  std::vector<gpucheck::fresh_gemm_size> sizes(2);
  sizes[0].n = static_cast<int>(gpucheck::random_between(4.0, 65.0));
  sizes[1].n = static_cast<int>(gpucheck::random_between(3000.0, 4001.0));

  for (gpucheck::fresh_gemm_size& size : sizes) {
    const std::string n = " " + std::to_string(size.n);
    for (const char* who : {"checker", "student", "checker"}) {
      const gpucheck::fresh_result run = gpucheck::run_fresh_process(fresh_test_case, who + n);
      // A process that ran to its end sent first_ms: the checker's is never below zero, and
      // the student's may be (two ends swapped), which is for the judgement to say.
      if (!run.ok || run.values.count("first_ms") == 0) {
        size.failure = gpucheck::last_lines(run.output, 8);
        continue;
      }
      if (std::string(who) == "checker") {
        size.truth_first_ms.push_back(run.value("first_ms"));
      } else {
        size.answered = true;
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

  // Against the checker's cold and warm times (judgement/fresh_gemm_judgement.hpp).
  for (const gpucheck::fresh_gemm_size& size : sizes) {
    CHECK(gpucheck::report(gpucheck::judge_fresh_gemm(size, lesson)));
  }
  if (sizes[0].steady_ms > 0 && sizes[1].steady_ms > 0) {
    CHECK(gpucheck::report(gpucheck::judge_growth(sizes[0], sizes[1], lesson)));
  }
}

namespace {

constexpr int round_sizes = 4;     // sizes, one from each range below
constexpr int round_processes = 3; // rounds: a correct shuffle repeats one order once in 576

// Four sizes, one from each range (4-64, 65-256, 257-1024, 1025-2048: small, so that a process is
// mostly its cold start), handed in an order drawn too, so that the order of `sizes` is no sorted
// list.
std::vector<int> draw_round_sizes() {
  const double bounds[round_sizes][2] = {{4, 65}, {65, 257}, {257, 1025}, {1025, 2049}};
  std::vector<int> sizes;
  for (const auto& range : bounds)
    sizes.push_back(static_cast<int>(gpucheck::random_between(range[0], range[1])));
  for (std::size_t i = sizes.size() - 1; i > 0; --i)
    std::swap(sizes[i], sizes[static_cast<std::size_t>(gpucheck::random_between(0.0, i + 1.0))]);
  return sizes;
}

// One call of first_gemm_in_processes on sizes drawn afresh. Its first_gemm returns a time drawn
// for the call (a fresh process's first GEMM takes tens to hundreds of milliseconds), for as many
// calls as the rounds need and no more, and notes each call's size and what it returned. No process
// is started: the judgement holds the function's rounds and entries against this record, exactly,
// and a real process would add half a second a call to every check and nothing to the judgement
// (the fresh processes of the check above measure the real first GEMM).
gpucheck::fresh_rounds_call run_fresh_rounds() {
  gpucheck::fresh_rounds_call call;
  call.sizes = draw_round_sizes();
  call.processes = round_processes;
  const std::size_t asked = call.sizes.size() * round_processes;
  const first_gemm_in_new_process first_gemm = [&](int n) {
    call.called_n.push_back(n);
    double first_ms = -1; // no time: a call beyond the rounds, or a size not given
    const bool given = std::find(call.sizes.begin(), call.sizes.end(), n) != call.sizes.end();
    if (call.called_n.size() <= asked && given)
      first_ms = gpucheck::random_between(40.0, 400.0);
    call.returned_ms.push_back(first_ms);
    return first_ms;
  };
  for (const first_gemm_spread& entry :
       first_gemm_in_processes(call.sizes, call.processes, first_gemm))
    call.reported.push_back({entry.n, entry.first_ms, entry.median_ms, entry.spread_ms});
  return call;
}

} // namespace

// Last in the program, after the checks above, which keep their order and draws. The student's
// rounds of fresh processes against the checker's record of every call it was made, held exactly
// (judgement/fresh_rounds_judgement.hpp): nothing in it is the student's timing. When the calls
// made whole rounds, every one in the same order, the function is called again with fresh sizes:
// a correct shuffle does that once in 576 calls, twice in a row once in 331,776.
GPU_TEST_CASE("first_gemm_in_processes runs each round of fresh processes in a new order") {
  gpucheck::fresh_rounds_call call = run_fresh_rounds();
  int calls_made = 1;
  if (gpucheck::rounds_in_one_order(call)) {
    call = run_fresh_rounds();
    calls_made = 2;
  }
  CHECK(gpucheck::report(gpucheck::judge_fresh_rounds(
      call, calls_made, std::string(lesson) + "#one-process-per-size-is-not-enough")));
}
