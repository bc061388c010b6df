// SPDX-License-Identifier: MIT
// Lesson 01's checks. Both functions are given the checker's own work, a call that the checker
// times from inside (checkapi/known_call_trial.cuh), so that the truth, until the call returned
// and until the GPU finished its work, is that very call's. Warm, in this process: the call does
// some host work of its own, then queues a kernel of known duration (time_call is held to the
// kernel's own clock, as in every later lesson). Cold, in fresh processes
// (checkapi/fresh_process.hpp): the call is the process's first cuBLAS GEMM, then the kernel.
// Last, time_start_up, in fresh processes that have made no CUDA call: each step of the start
// (the driver, the context, the cuBLAS handle) is the checker's, timed from inside
// (judgement/start_up_judgement.hpp). The tolerances are explained in
// solutions/01-warmup/tolerances.md.
#include "checkapi/check.cuh"
#include "checkapi/cuda_start_state.hpp"
#include "checkapi/fresh_trial.hpp"
#include "checkapi/gemm_workload.cuh"
#include "checkapi/known_call_trial.cuh"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/call_judgement.hpp"
#include "judgement/start_up_judgement.hpp"

#include <array>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using gpucheck::call_end;
using gpucheck::format_ms;
using gpucheck::timing_trial;

constexpr char lesson[] = "lessons/01-warmup/lesson.md";
constexpr char fresh_test_case[] = "fresh-process-first-call";

// Until the call returned, the student's clock reads bracket the checker's own: apart from a
// thread woken late, they differ by two clock reads (well under 1 us). Any wait for the GPU adds
// the kernel's time, 0.5 ms or more warm and 4 ms or more cold; a number of 0 misses the call's
// host part, 0.3 ms or more warm.
const gpucheck::time_tolerance warm_return_tolerance{0.10, 0.10};
const gpucheck::time_tolerance cold_return_tolerance{0.02, 0.30};
// Until the GPU finished: warm, lesson 04's host-clock tolerance; cold, the truth is a lower
// bound (the GEMM's own GPU time, under 0.5 ms here, comes on top), and what must be caught is a
// number without the call's host part (20 ms or more) or without the kernel (4 ms or more).
const gpucheck::time_tolerance warm_call_tolerance{0.05, 0.05};
const gpucheck::time_tolerance cold_call_tolerance{0.05, 1.0};

// Where the lesson says that a function times one call, so runs the work once.
std::string one_call_section() {
  return std::string(lesson) + "#what-the-first-call-pays-for";
}

// Host time inside the call, as a library's own per-call work would take: warm, the host part is
// then long enough that a function returning 0 cannot pass for timing it. A sleep, not a loop on
// the clock: under the tracer every clock read is recorded, and the call's span is measured
// around it anyway.
void spend_host_time(double duration_ms) {
  std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(duration_ms));
}

// The student's `function` on known work in this process, in a second round when the first
// failed in a way that noise could explain.
gpucheck::check_outcome judge_warm_calls(const std::string& function, call_end end,
                                         const gpucheck::timing_words& words) {
  gpucourse::cuda_stream stream;
  gpucheck::known_duration_work spin;
  spin.enqueue(stream, 0.01); // load the kernel now, so no trial pays for it
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto time_it = [&](const gpu_work& work) {
    return end == call_end::returned ? time_until_return(work, stream) : time_call(work, stream);
  };
  std::vector<timing_trial> trials;
  const auto run_trials = [&] {
    trials.clear();
    for (int i = 0; i < 4; ++i) {
      const double kernel_ms = gpucheck::random_between(0.5, 5.0);
      if (end == call_end::returned) {
        const double host_ms = gpucheck::random_between(0.3, 2.0);
        const auto host_part = [host_ms](cudaStream_t) { spend_host_time(host_ms); };
        trials.push_back(gpucheck::time_known_call(spin, kernel_ms, host_part, end,
                                                   warm_return_tolerance, time_it));
      } else { // the kernel's own clock is the truth, as in every later lesson
        trials.push_back(gpucheck::time_known_work(spin, kernel_ms, warm_call_tolerance, time_it));
      }
    }
    return trials;
  };
  auto outcome = gpucheck::judge_timing_twice(run_trials, words, /*allowed_misses=*/1);
  if (end == call_end::returned) {
    gpucheck::say_against_the_call(outcome, trials, function, /*until_return=*/true);
  }
  gpucheck::fail_extra_runs(outcome, trials, function, one_call_section());
  return outcome;
}

// The student's `function` on the first call of fresh processes, one process per trial.
gpucheck::check_outcome judge_first_calls(const std::string& function, call_end end,
                                          const gpucheck::timing_words& words) {
  const gpucheck::time_tolerance tolerance =
      end == call_end::returned ? cold_return_tolerance : cold_call_tolerance;
  std::vector<timing_trial> trials;
  std::string failure_output;
  const auto run_trials = [&] {
    trials.clear();
    for (int i = 0; i < 2 && failure_output.empty(); ++i) {
      const int n = static_cast<int>(gpucheck::random_between(1000.0, 2001.0));
      const double kernel_ms = gpucheck::random_between(4.0, 10.0);
      std::ostringstream task;
      task << function << ' ' << n << ' ' << kernel_ms;
      const gpucheck::fresh_result run = gpucheck::run_fresh_process(fresh_test_case, task.str());
      auto trial = gpucheck::fresh_trial(run, tolerance);
      if (!trial) {
        failure_output = gpucheck::last_lines(run.output, 8);
        break;
      }
      trial->work =
          end == call_end::returned
              ? gpucheck::say("check.l01.first-call.work-until-return",
                              {{"n", std::to_string(n)}, {"kernel", format_ms(kernel_ms)}})
              : gpucheck::say("check.l01.first-call.work-until-finish",
                              {{"n", std::to_string(n)}, {"kernel", format_ms(kernel_ms)}});
      trials.push_back(*trial);
    }
    return trials;
  };
  auto outcome = gpucheck::judge_timing_twice(run_trials, words, /*allowed_misses=*/1);
  if (!failure_output.empty()) {
    gpucheck::fail_for_stopped_process(outcome, function, failure_output);
    return outcome;
  }
  gpucheck::say_against_the_call(outcome, trials, function, end == call_end::returned);
  gpucheck::fail_extra_runs(outcome, trials, function, one_call_section());
  return outcome;
}

} // namespace

// Runs only in a fresh process (in the ordinary run it returns at once). Task: "FUNCTION N MS":
// the student's FUNCTION on the process's first call of work(stream), which runs its first cuBLAS
// GEMM (N x N) and then queues MS of known GPU work.
GPU_TEST_CASE("fresh-process-first-call") {
  const std::string task = gpucheck::fresh_process_task();
  if (task.empty()) {
    return;
  }
  std::istringstream fields(task);
  std::string function;
  int n = 0;
  double kernel_ms = 0;
  fields >> function >> n >> kernel_ms;
  const call_end end = function == "time_until_return" ? call_end::returned : call_end::finished;
  CUDA_CHECK(cudaFree(nullptr)); // the context exists before anything is timed
  gpucourse::cuda_stream stream;
  gpucheck::gemm_workload gemm(n, 11); // the cuBLAS handle and the inputs; no GEMM has run yet
  gpucheck::known_duration_work spin;
  spin.enqueue(stream, 0.01); // this kernel's code is loaded now: only cuBLAS is cold in the call
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucheck::report_fresh_trial(
      gpucheck::time_known_call(spin, kernel_ms, gemm.work(), end, {}, [&](const gpu_work& work) {
        return end == call_end::returned ? time_until_return(work, stream)
                                         : time_call(work, stream);
      }));
}

GPU_TEST_CASE("time_until_return stops the clock when the call returns (warm calls)") {
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l01.warm-return.name");
  words.section = std::string(lesson) + "#until-the-call-returns-and-until-the-gpu-has-finished";
  words.zero_hint = gpucheck::say("check.l01.time-until-return.zero-hint");
  words.wrong_hint = gpucheck::say("check.l01.warm-return.wrong-hint");
  CHECK(gpucheck::report(judge_warm_calls("time_until_return", call_end::returned, words)));
}

GPU_TEST_CASE("time_call returns the time of a warm call, until the GPU has finished it") {
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l01.warm-call.name");
  words.section = std::string(lesson) + "#until-the-call-returns-and-until-the-gpu-has-finished";
  words.zero_hint = gpucheck::say("check.l01.time-call.zero-hint");
  words.wrong_hint = gpucheck::say("check.l01.warm-call.wrong-hint");
  CHECK(gpucheck::report(judge_warm_calls("time_call", call_end::finished, words)));
}

GPU_TEST_CASE("time_until_return on the first call of a fresh process includes the cold start") {
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l01.cold-return.name");
  words.section = std::string(lesson) + "#what-the-first-call-pays-for";
  words.zero_hint = gpucheck::say("check.l01.time-until-return.zero-hint");
  words.wrong_hint = gpucheck::say("check.l01.cold-return.wrong-hint");
  CHECK(gpucheck::report(judge_first_calls("time_until_return", call_end::returned, words)));
}

GPU_TEST_CASE("time_call on the first call of a fresh process includes the cold start") {
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l01.cold-call.name");
  words.section = std::string(lesson) + "#what-the-first-call-pays-for";
  words.zero_hint = gpucheck::say("check.l01.time-call.zero-hint");
  words.wrong_hint = gpucheck::say("check.l01.cold-call.wrong-hint");
  CHECK(gpucheck::report(judge_first_calls("time_call", call_end::finished, words)));
}

namespace {

// ---- time_start_up, in fresh processes that have made no CUDA call (check_main.cpp probes
// nothing there)

constexpr char start_up_test_case[] = "fresh-process-start-up";

// The student's reads bracket the checker's inside each step: apart from a thread woken late,
// they differ by two clock reads and the driver's answers whether the steps' work is still to do
// (a few microseconds; in the first step called, asked of every step). A step's time that holds
// another step is too long by that step, 1 ms or more (the driver and the context, about 0.1 s each
// on the H200); a number of 0 misses the step.
const gpucheck::time_tolerance start_up_tolerance{0.02, 0.30};

// One step as time_start_up runs it: how often, its first call's place among the steps' calls,
// whether that call found its work to do, and its span by the checker's clock; and whether its work
// was already done as the first step called was entered (a CUDA call of the student's before it).
struct step_record {
  int runs = 0;
  int order = 0;
  bool did_its_work = true;
  bool done_before_steps = false;
  double span_ms = 0;
};

struct step_names {
  const char* key;  // its values' prefix
  const char* name; // its member in start_up_steps
};
constexpr std::array<step_names, 3> start_up_step_names = {{
    {"driver", "start_driver"},
    {"context", "create_context"},
    {"handle", "create_handle"},
}};

// What a step does, in the student's words (each id literal, so the catalogue's test sees it).
std::string step_work(const std::string& key) {
  if (key == "driver")
    return gpucheck::say("check.l01.start-up.work-driver");
  if (key == "context")
    return gpucheck::say("check.l01.start-up.work-context");
  return gpucheck::say("check.l01.start-up.work-handle");
}

// One fresh process's start, timed by time_start_up, as it sent it back.
gpucheck::start_up_process run_start_up() {
  const gpucheck::fresh_result run = gpucheck::run_fresh_process(start_up_test_case, "start-up");
  gpucheck::start_up_process process;
  process.ok = run.ok && run.value("call_ms") >= 0;
  for (const step_names& names : start_up_step_names) { // every value, or none counts
    for (const char* field : {"_runs", "_order", "_did_its_work", "_done_before_steps", "_truth_ms",
                              "_finite", "_reported_ms"}) {
      process.ok = process.ok && run.values.count(names.key + std::string(field)) != 0;
    }
  }
  if (!process.ok) {
    process.output = gpucheck::last_lines(run.output, 8);
    return process;
  }
  process.call_ms = run.value("call_ms");
  process.read_cpu_clock =
      static_cast<gpucheck::cpu_clock>(static_cast<int>(run.value("read_cpu_clock")));
  for (const step_names& names : start_up_step_names) {
    const std::string key = names.key;
    gpucheck::start_up_step step;
    step.name = names.name;
    step.work = step_work(key);
    step.runs = static_cast<int>(run.value(key + "_runs"));
    step.order = static_cast<int>(run.value(key + "_order"));
    step.did_its_work = run.value(key + "_did_its_work") != 0.0;
    step.done_before_steps = run.value(key + "_done_before_steps") != 0.0;
    step.truth_ms = run.value(key + "_truth_ms");
    step.reported_ms =
        run.value(key + "_finite") != 0.0 ? run.value(key + "_reported_ms") : std::nan("");
    process.steps.push_back(step);
  }
  return process;
}

} // namespace

// Runs only in a fresh process (in the ordinary run it returns at once). Task: "start-up". The
// process has made no CUDA call: time_start_up is handed the three steps of its start, each the
// checker's, each timed from inside and asked first whether its work is still to do; as the first
// step called is entered, every step's work is asked about, so that the judgement can tell the
// student's own CUDA call before any step from one between steps or a step called out of order.
GPU_TEST_CASE("fresh-process-start-up") {
  if (gpucheck::fresh_process_task().empty()) {
    return;
  }
  using host_clock = gpucheck::untraced_clock; // read inside the student's call
  const auto ms = [](host_clock::duration span) {
    return std::chrono::duration<double, std::milli>(span).count();
  };
  std::array<step_record, 3> records;
  // Whether each step's work is still to do, asked of the driver without doing it; the cuBLAS
  // handle is the checker's own, so its step always has its work to do.
  using work_question = bool (*)();
  const std::array<work_question, 3> still_to_do = {
      [] { return !gpucheck::cuda_driver_started(); },
      [] { return !gpucheck::cuda_context_created(); }, [] { return true; }};
  int steps_called = 0;
  // The questions are asked before the step's clock starts: their answers are not the step's time.
  const auto run_step = [&](std::size_t index, const auto& step) {
    if (steps_called++ == 0) { // the first step called: what the student's code did before it
      for (std::size_t i = 0; i < records.size(); ++i) {
        records[i].done_before_steps = !still_to_do[i]();
      }
    }
    step_record& record = records[index];
    if (record.runs++ == 0) {
      record.order = steps_called;
      record.did_its_work = still_to_do[index]();
    }
    const auto entered = host_clock::now();
    step();
    const auto returned = host_clock::now();
    if (record.runs == 1) {
      record.span_ms = ms(returned - entered);
    }
  };
  std::unique_ptr<gpucourse::cublas_handle> cublas;
  const start_up_steps steps{
      [&] {
        run_step(0, [] {
          int count = 0;
          CUDA_CHECK(cudaGetDeviceCount(&count));
        });
      },
      [&] { run_step(1, [] { CUDA_CHECK(cudaFree(nullptr)); }); },
      [&] { run_step(2, [&] { cublas = std::make_unique<gpucourse::cublas_handle>(); }); }};
  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  const auto called = host_clock::now();
  const start_up_times times = time_start_up(steps);
  const double call_ms = ms(host_clock::now() - called);
  const std::array<double, 3> reported = {times.driver_ms, times.context_ms, times.handle_ms};
  gpucheck::report_fresh_value("call_ms", call_ms);
  gpucheck::report_fresh_value(
      "read_cpu_clock", static_cast<double>(gpucheck::cpu_clock_read_since(clock_reads_before)));
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::string key = start_up_step_names[i].key;
    const bool finite = std::isfinite(reported[i]); // a value line holds a decimal number
    gpucheck::report_fresh_value(key + "_runs", records[i].runs);
    gpucheck::report_fresh_value(key + "_order", records[i].order);
    gpucheck::report_fresh_value(key + "_did_its_work", records[i].did_its_work ? 1.0 : 0.0);
    gpucheck::report_fresh_value(key + "_done_before_steps",
                                 records[i].done_before_steps ? 1.0 : 0.0);
    gpucheck::report_fresh_value(key + "_truth_ms", records[i].span_ms);
    gpucheck::report_fresh_value(key + "_finite", finite ? 1.0 : 0.0);
    gpucheck::report_fresh_value(key + "_reported_ms", finite ? reported[i] : 0.0);
  }
}

// Last in the program, after the checks above, which keep their order and draws. Two fresh
// processes, each step within 2% or 0.3 ms of its span, one miss of six allowed; a failure that
// a slow host could have caused is judged again on two new processes.
GPU_TEST_CASE("time_start_up times each step of a fresh process's start on its own") {
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l01.start-up.name");
  words.section = std::string(lesson) + "#timing-the-start";
  words.zero_hint = gpucheck::say("check.l01.start-up.zero-hint");
  words.wrong_hint = gpucheck::say("check.l01.start-up.wrong-hint");
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    const std::vector<gpucheck::start_up_process> processes = {run_start_up(), run_start_up()};
    return gpucheck::judge_start_up(processes, words, start_up_tolerance, /*allowed_misses=*/1);
  })));
}
