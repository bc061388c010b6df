// SPDX-License-Identifier: MIT
// Lesson 01's checks. Cold numbers come from fresh processes (this program started again, see
// checkapi/fresh_process.hpp): the student's time_call on the first GEMM of a process, against
// the checker's own synchronized host-clock measurement of the same first GEMM in other fresh
// processes. Warm numbers come from this process: time_call on work of a known duration and on
// warm GEMMs, against the GPU's own clock and against events bracketing the GEMM.
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
#include <sstream>
#include <string>
#include <vector>

namespace {

using gpucheck::format_ms;

constexpr char lesson[] = "lessons/01-warmup/lesson.md";
constexpr char fresh_test_case[] = "fresh-process-first-gemm";

// time_call times one call of the work, so it runs the work once. One that runs it more often
// (a warm-up inside it, say) may return a right number here and still hide the cold start from
// every caller: it fails, with the count, on any GPU.
void fail_extra_runs(gpucheck::check_outcome& outcome,
                     const std::vector<gpucheck::timing_trial>& trials) {
  const auto extra = std::find_if(trials.begin(), trials.end(),
                                  [](const gpucheck::timing_trial& t) { return t.work_runs > 1; });
  // A failure already explained by a fact (a sum of runs, a unit slip) keeps its explanation; one
  // that noise could have caused (a number too long under load) gives way to this fact.
  if (extra == trials.end() || (!outcome.message.empty() && !outcome.noise_could_explain)) {
    return;
  }
  outcome.passed = false;
  outcome.noise_could_explain = false;
  outcome.rule.clear();
  outcome.message = "your time_call ran work(stream) " + std::to_string(extra->work_runs) +
                    " times in one call. It times one call of the work, so it runs it once: a "
                    "warm-up inside it hides the cold start that every caller should see.";
  outcome.hint = "Call work(stream) once in time_call; warming up is warm_up's job.";
  outcome.lesson_section = std::string(lesson) + "#what-the-first-call-pays-for";
}

} // namespace

// Runs only in a fresh process (in the ordinary run it returns at once). Task: "WHO N", where WHO
// is student (time_call on the first GEMM), checker (the checker's own timing of it) or warm_up
// (the student's warm_up, then the checker's timing of the next GEMM and of later ones).
GPU_TEST_CASE("fresh-process-first-gemm") {
  const std::string task = gpucheck::fresh_process_task();
  if (task.empty()) {
    return;
  }
  std::istringstream fields(task);
  std::string who;
  int n = 0;
  fields >> who >> n;
  CUDA_CHECK(cudaFree(nullptr)); // the context exists before anything is timed
  gpucourse::cuda_stream stream;
  gpucheck::gemm_workload problem(n, 11);
  const gpu_work gemm = problem.work();
  if (who == "student") {
    gpucheck::report_fresh_value("first_ms", time_call(gemm, stream));
  } else if (who == "checker") {
    const auto start = std::chrono::steady_clock::now();
    gemm(stream);
    CUDA_CHECK(cudaDeviceSynchronize());
    gpucheck::report_fresh_value("first_ms", std::chrono::duration<double, std::milli>(
                                                 std::chrono::steady_clock::now() - start)
                                                 .count());
  } else if (who == "warm_up") {
    warm_up(gemm, stream);
    // Idle: the stream, and the legacy default stream a warm_up might have queued on instead.
    const bool idle =
        cudaStreamQuery(stream) == cudaSuccess && cudaStreamQuery(cudaStreamLegacy) == cudaSuccess;
    cudaGetLastError(); // cudaErrorNotReady is an answer, not an error
    gpucheck::report_fresh_value("idle_after_warm_up", idle ? 1.0 : 0.0);
    CUDA_CHECK(cudaDeviceSynchronize());
    gpucheck::report_fresh_value("next_ms", gpucheck::median_event_ms(gemm, stream, 1));
    gpucheck::report_fresh_value("steady_ms", gpucheck::median_event_ms(gemm, stream, 5));
  }
}

GPU_TEST_CASE("time_call on a fresh process's first GEMM includes the cold start") {
  const int n = static_cast<int>(gpucheck::random_between(3000.0, 4001.0));
  const std::string size = " " + std::to_string(n);
  std::vector<double> truth_ms;
  std::vector<double> student_ms;
  std::string failure_output;
  // Interleaved, so that a slow moment of the machine affects both sides alike.
  for (const char* who : {"checker", "student", "checker", "student", "checker"}) {
    const gpucheck::fresh_result run = gpucheck::run_fresh_process(fresh_test_case, who + size);
    const double first_ms = run.value("first_ms");
    if (!run.ok || first_ms < 0) {
      failure_output = gpucheck::last_lines(run.output, 8);
      if (std::string(who) == "student") {
        break;
      }
      continue;
    }
    (std::string(who) == "student" ? student_ms : truth_ms).push_back(first_ms);
  }
  gpucheck::check_outcome outcome;
  outcome.name = "time_call's first GEMM in a fresh process includes the cold start (N = " +
                 std::to_string(n) + ")";
  if (truth_ms.empty() || student_ms.size() < 2) {
    outcome.passed = false;
    outcome.expected = "a fresh process that runs your time_call to the end";
    outcome.measured = "a process that failed";
    outcome.message =
        "the fresh process running your code stopped early. Its last lines:\n" + failure_output;
    outcome.hint = "Run `make run LESSON=1` to see the same error in your terminal.";
    CHECK(gpucheck::report(outcome));
    return;
  }
  const auto [low, high] = std::minmax_element(truth_ms.begin(), truth_ms.end());
  // Cold starts vary a lot from process to process (on an H200, 0.09 to 0.16 s for this GEMM),
  // so the window is wide; what it rejects is a time that left the cold start out.
  const double lowest_ok_ms = 0.4 * *low;
  const double highest_ok_ms = 2.5 * *high;
  const long accurate = std::count_if(student_ms.begin(), student_ms.end(), [&](double t) {
    return t >= lowest_ok_ms && t <= highest_ok_ms;
  });
  const double shown_ms = student_ms[0] >= lowest_ok_ms && student_ms[0] <= highest_ok_ms
                              ? student_ms[1]
                              : student_ms[0];
  outcome.passed = accurate >= 1;
  outcome.expected = "between " + format_ms(lowest_ok_ms) + " and " + format_ms(highest_ok_ms) +
                     " (the checker's first GEMMs took " + format_ms(*low) + " to " +
                     format_ms(*high) + ")";
  outcome.measured = format_ms(student_ms[0]) + " and " + format_ms(student_ms[1]) + " (" +
                     std::to_string(accurate) + " of 2 fresh processes accurate)";
  if (!outcome.passed) {
    if (shown_ms < lowest_ok_ms) {
      outcome.message = "in a fresh process the first GEMM costs about " + format_ms(*low) +
                        " (module loading and cuBLAS's first-call set-up), and your time_call "
                        "returned " +
                        format_ms(shown_ms) + ": the cold start is missing from your number.";
      outcome.hint = "time_call must time the call it is given, cold or not: no warm-up inside "
                     "it, and the clock must run around the call itself.";
      // The truth is other processes' first GEMMs: a busy GPU can lengthen theirs, so this
      // comparison may be excused on a disturbed GPU (unlike a kernel's own clock, below)...
      outcome.rule = "cold-start";
      // ...unless both numbers are under a tenth of the fastest cold start: that is a warm call,
      // whatever the GPU was doing.
      const double fastest_cold_ms = *low;
      outcome.noise_could_explain =
          std::any_of(student_ms.begin(), student_ms.end(),
                      [fastest_cold_ms](double t) { return t >= 0.1 * fastest_cold_ms; });
    } else {
      // Far above every cold start measured here; a busy GPU slows the student's process too.
      outcome.message = "your time_call returned " + format_ms(shown_ms) +
                        ", far more than the first GEMM costs.";
      outcome.hint = "Keep only `work(stream)` and the synchronize between the two clock reads.";
      outcome.noise_could_explain = true;
    }
    // A number that fits in another unit shows its slip by itself, on any GPU.
    const std::string unit = gpucheck::unit_that_fits(shown_ms, lowest_ok_ms, highest_ok_ms);
    if (!unit.empty()) {
      outcome.message = gpucheck::unit_slip_message(shown_ms, unit);
      outcome.hint = "Return milliseconds: std::chrono::duration<double, std::milli>(stop - "
                     "start).count().";
      outcome.rule.clear();
      outcome.noise_could_explain = false;
    }
    outcome.lesson_section = std::string(lesson) + "#what-the-first-call-pays-for";
  }
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("time_call returns the time of a warm call, until the GPU has finished it") {
  gpucourse::cuda_stream stream;
  gpucheck::known_duration_work spin;
  spin.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<gpucheck::timing_trial> trials;
  const gpucheck::time_tolerance spin_tolerance{0.05, 0.05}; // 5% or 50 us
  for (int i = 0; i < 4; ++i) {
    trials.push_back(
        gpucheck::time_known_work(spin, gpucheck::random_between(0.5, 5.0), spin_tolerance,
                                  [&](const gpu_work& work) { return time_call(work, stream); }));
  }
  for (int i = 0; i < 2; ++i) {
    const int n = static_cast<int>(gpucheck::random_between(2000.0, 4001.0));
    gpucheck::gemm_workload problem(n, 11);
    const gpu_work gemm = problem.work();
    gemm(stream); // the checker's own warm-up of this size
    CUDA_CHECK(cudaDeviceSynchronize());
    gpucheck::timing_trial trial;
    trial.work = "a warm GEMM of N = " + std::to_string(n) + " (median of 3)";
    trial.tolerance = {0.10, 0.10}; // 10% or 100 us
    trial.own_clock = false;        // the truth is events around other runs of the same GEMM
    trial.truth_ms = gpucheck::median_event_ms(gemm, stream, 3);
    std::vector<double> reported;
    for (int r = 0; r < 3; ++r) {
      trial.call = gpucheck::call_timed([&] { return time_call(gemm, stream); });
      reported.push_back(trial.call.reported_ms);
    }
    trial.reported_ms = gpucheck::median(reported);
    trials.push_back(trial);
  }
  gpucheck::timing_words words;
  words.name = "time_call returns the time of a warm call, until the GPU has finished it";
  words.section = std::string(lesson) + "#the-second-call-and-what-it-really-measured";
  words.zero_hint = "Read std::chrono::steady_clock::now() before and after `work(stream)`, and "
                    "return the difference in milliseconds.";
  words.wrong_hint = "The clock must run from just before `work(stream)` until the GPU has "
                     "finished it, and nothing else may run in between.";
  auto outcome = gpucheck::judge_timing(trials, words, /*allowed_misses=*/1);
  fail_extra_runs(outcome, trials);
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("after warm_up, the next call runs at steady-state speed") {
  gpucheck::check_outcome outcome;
  outcome.name = "after warm_up, the next GEMM runs at steady-state speed (fresh processes)";
  int good = 0;
  for (int i = 0; i < 2; ++i) {
    const int n = static_cast<int>(gpucheck::random_between(2500.0, 4001.0));
    const gpucheck::fresh_result run =
        gpucheck::run_fresh_process(fresh_test_case, "warm_up " + std::to_string(n));
    const double next_ms = run.value("next_ms");
    const double steady_ms = run.value("steady_ms");
    if (!run.ok || next_ms < 0 || steady_ms < 0) {
      outcome.expected = "a fresh process that runs your warm_up to the end";
      outcome.measured = "a process that failed";
      outcome.message = "the fresh process running your warm_up stopped early. Its last lines:\n" +
                        gpucheck::last_lines(run.output, 8);
      outcome.hint = "Run `make run LESSON=1` to see the same error in your terminal.";
      break;
    }
    const double allowed_ms = 2.0 * steady_ms + 0.5;
    outcome.expected = "at most " + format_ms(allowed_ms) +
                       " (later calls of N = " + std::to_string(n) + " took " +
                       format_ms(steady_ms) + ")";
    outcome.measured = format_ms(next_ms);
    if (run.value("idle_after_warm_up") < 0.5) {
      outcome.message = "warm_up returned while its GEMM was still running on the GPU: a timing "
                        "started right after it would include the end of the warm-up.";
      outcome.hint = "Wait for the GPU before returning: cudaStreamSynchronize(stream) or "
                     "cudaDeviceSynchronize().";
      outcome.rule = "stale-queue";
      outcome.noise_could_explain = false; // a fact: the stream was still busy, on any GPU
      outcome.lesson_section = std::string(lesson) + "#warming-up-on-purpose";
      break;
    }
    if (next_ms > allowed_ms) {
      outcome.message = "the first GEMM after your warm_up took " + format_ms(next_ms) +
                        ", like a cold one: warm_up left the first call's costs to it.";
      outcome.hint = "Call `work(stream)` once inside warm_up, then wait for the GPU to finish.";
      outcome.rule = "cold-start";
      outcome.noise_could_explain = true; // a busy GPU slows the next GEMM too
      outcome.lesson_section = std::string(lesson) + "#warming-up-on-purpose";
      break;
    }
    ++good;
  }
  outcome.passed = good == 2;
  CHECK(gpucheck::report(outcome));
}
