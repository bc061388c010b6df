// SPDX-License-Identifier: MIT
// Lesson 03's checks. The truth is the GPU's own: kernels of a known duration (drawn afresh each
// run) and warm GEMMs of N = 4000 bracketed by events on their stream. The launch-only time must
// be far below it, the synchronized time within 5% of it. The crossover is checked on made-up
// tables and on one the checker measures here. The launch burst's times are checked against the
// checker's own clock reads inside each launch.
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/gemm_workload.cuh"
#include "checkapi/statistics.hpp"
#include "checkapi/timing_trials.hpp"
#include "checkapi/untraced_clock.hpp"
#include "cpu_gemm.h"
#include "cuda_check.cuh"
#include "exercise.h"
#include "judgement/burst_judgement.hpp"
#include "judgement/case_5_judgement.hpp"
#include "judgement/crossover.hpp"
#include "judgement/launch_judgement.hpp"
#include "matrices.cuh"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace {

using gpucheck::case_5_trial;

constexpr char lesson[] = "lessons/03-async/lesson.md";
constexpr int big_n = 4000;

} // namespace

GPU_TEST_CASE("time_launch_only measures the launch: far less than the work") {
  gpucourse::cuda_stream stream;
  gpucheck::known_duration_work spin;
  spin.enqueue(stream, 0.01);
  CUDA_CHECK(cudaDeviceSynchronize());
  const double spin_ms = gpucheck::random_between(10.0, 30.0);
  const int runs_before = spin.runs();
  const auto spin_call = gpucheck::call_timed(
      [&] { return time_launch_only([&](cudaStream_t s) { spin.enqueue(s, spin_ms); }, stream); });
  gpucheck::launch_numbers numbers;
  numbers.spin_launch_ms = spin_call.reported_ms;
  numbers.spin_truth_ms = spin.true_ms_since(runs_before, spin_ms);
  numbers.spin_runs = spin.runs() - runs_before;

  gpucheck::gemm_workload problem(big_n, 31);
  const gpu_work gemm = problem.work();
  gemm(stream); // warm-up: cuBLAS loads this size's kernel now
  numbers.truth_ms = gpucheck::median_event_ms(gemm, stream, 5);
  std::vector<double> launches_ms;
  for (int i = 0; i < 3; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    const gpucheck::timed_call call =
        gpucheck::call_timed([&] { return time_launch_only(gemm, stream); });
    launches_ms.push_back(call.reported_ms);
    if (call.call_ms > numbers.longest.call_ms) // what a launch time must fit in
      numbers.longest = call;
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  numbers.launch_ms = gpucheck::median(launches_ms);
  // At most a tenth of the work's time, for both (judgement/launch_judgement.hpp).
  CHECK(gpucheck::report(
      gpucheck::judge_launch_only(numbers, std::string(lesson) + "#case-4-timing-the-launch")));
}

namespace {

// Whether the work before `marker` (an event recorded right after it) is still queued or running.
bool still_running(cudaEvent_t marker) {
  const cudaError_t state = cudaEventQuery(marker);
  if (state == cudaErrorNotReady) {
    static_cast<void>(cudaGetLastError()); // not an error: leave nothing for the student's checks
    return true;
  }
  CUDA_CHECK(state);
  return false;
}

double ms_between(std::chrono::steady_clock::time_point from,
                  std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// The GPU work of the trials: case 4's kernel, the two runs of case 5's, and an event recorded
// right after case 4's kernel, which tells whether it is still queued or running.
struct case_5_bench {
  case_5_bench(cudaStream_t stream) {
    for (auto* kernel : {&case_4_kernel, &first_run, &second_run}) {
      kernel->enqueue(stream, 0.01); // loaded now, so that no trial pays for it
    }
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  gpucheck::known_duration_work case_4_kernel, first_run, second_run;
  gpucourse::cuda_event case_4_done{cudaEventDisableTiming};
};

// One call of reproduce_case_5: case 4's work is a kernel of 4 to 10 ms, case 5's one of 2 to
// 4 ms, both drawn afresh, so that the stale work, case 5 and its work alone differ by more than
// any tolerance.
case_5_trial run_case_5_trial(case_5_bench& bench, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // the GPU is idle when the function is called
  const double case_4_ms = gpucheck::random_between(4.0, 10.0);
  const double case_5_ms = gpucheck::random_between(2.0, 4.0);
  case_5_trial trial;
  std::chrono::steady_clock::time_point case_4_launched{};
  int own_run = -1; // which run of case 5's work came right after case 4: 0 or 1
  const gpu_work case_4 = [&](cudaStream_t s) {
    case_4_launched = gpucheck::untraced_clock::now(); // inside their call: not in the trace
    bench.case_4_kernel.enqueue(s, case_4_ms);
    CUDA_CHECK(cudaEventRecord(bench.case_4_done, s));
    ++trial.case_4_runs;
  };
  const gpu_work case_5 = [&](cudaStream_t s) {
    const int run = trial.case_5_runs++;
    if (trial.case_4_runs > 0 && own_run < 0) {
      own_run = run;
      trial.gap_ms = ms_between(case_4_launched, gpucheck::untraced_clock::now());
      trial.pending_at_own = still_running(bench.case_4_done);
    } else if (trial.case_4_runs > 0) {
      trial.pending_at_alone = still_running(bench.case_4_done);
    }
    (run == 0 ? bench.first_run : bench.second_run).enqueue(s, case_5_ms);
  };
  const case_5_parts parts = reproduce_case_5(case_4, case_5, stream);
  trial.reported = {parts.case_4_ms, parts.case_5_ms, parts.alone_ms, parts.stale_ms};
  CUDA_CHECK(cudaDeviceSynchronize());
  trial.case_4_work_ms = trial.case_4_runs > 0 ? bench.case_4_kernel.last_true_ms() : case_4_ms;
  const double runs_ms[2] = {trial.case_5_runs > 0 ? bench.first_run.last_true_ms() : case_5_ms,
                             trial.case_5_runs > 1 ? bench.second_run.last_true_ms() : case_5_ms};
  trial.own_work_ms = runs_ms[own_run == 1 ? 1 : 0];
  trial.alone_work_ms = runs_ms[own_run == 1 ? 0 : 1];
  return trial;
}

} // namespace

GPU_TEST_CASE("reproduce_case_5 shows the earlier work that case 5 waited for") {
  gpucourse::cuda_stream stream;
  case_5_bench bench(stream);
  // Three trials, two of which must be accurate (judgement/case_5_judgement.hpp). A failure that a
  // busy machine could have caused is judged again on three fresh trials: a real mistake fails
  // both rounds.
  const auto round = [&] {
    return gpucheck::judge_case_5_round([&] { return run_case_5_trial(bench, stream); },
                                        std::string(lesson) +
                                            "#case-5-the-wait-includes-earlier-work");
  };
  gpucheck::check_outcome outcome = round();
  if (!outcome.passed && outcome.noise_could_explain) {
    outcome = round();
    if (!outcome.passed) {
      outcome.measured =
          gpucheck::say("check.l03.case-5.measured-second-round", {{"measured", outcome.measured}});
    }
  }
  CHECK(gpucheck::report(outcome));
}

namespace {

// The student's find_crossover on a table of the judgement's rows.
int students_crossover(const gpucheck::crossover_table& table) {
  std::vector<size_timing> rows;
  for (const gpucheck::crossover_row& row : table)
    rows.push_back({row.n, row.cpu_ms, row.gpu_ms});
  return find_crossover(rows);
}

gpucheck::check_outcome check_crossovers(const std::string& name,
                                         const std::vector<gpucheck::crossover_table>& tables) {
  return gpucheck::judge_crossovers(name, tables, students_crossover,
                                    std::string(lesson) + "#where-the-gpu-starts-to-win");
}

} // namespace

// Pure C++: runs without a GPU too, so a wrong crossover fails on any machine.
TEST_CASE("find_crossover finds where the GPU starts to win, on made-up tables") {
  // A lucky win at a small N, a win in the middle only, ties, one row (judgement/crossover.hpp).
  const std::vector<gpucheck::crossover_table> tables = gpucheck::made_up_tables();
  CHECK(gpucheck::report(
      check_crossovers(gpucheck::say("check.l03.crossover-made-up.name"), tables)));
}

GPU_TEST_CASE("find_crossover finds where the GPU starts to win, on a table measured here") {
  // CPU GEMMs against warm GPU GEMMs timed until they finished.
  gpucheck::crossover_table measured;
  gpucourse::cuda_stream stream;
  for (int n = 8; n <= 512; n *= 2) {
    std::vector<float> a(static_cast<std::size_t>(n) * n, 0.5f), b(a.size(), 0.25f), c(a.size());
    gpucheck::gemm_workload problem(n, 31);
    const gpu_work gemm = problem.work();
    gemm(stream);
    std::vector<double> cpu_ms, gpu_ms;
    for (int r = 0; r < 3; ++r) {
      auto start = std::chrono::steady_clock::now();
      cpu_multiply(n, a.data(), b.data(), c.data());
      cpu_ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      CUDA_CHECK(cudaDeviceSynchronize());
      start = std::chrono::steady_clock::now();
      gemm(stream);
      CUDA_CHECK(cudaDeviceSynchronize());
      gpu_ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
    }
    measured.push_back({n, gpucheck::median(cpu_ms), gpucheck::median(gpu_ms)});
  }
  auto outcome = check_crossovers(gpucheck::say("check.l03.crossover-measured.name"), {measured});
  if (outcome.passed) {
    outcome.measured = gpucheck::say("check.l03.crossover-measured.measured",
                                     {{"n", std::to_string(students_crossover(measured))}});
  }
  CHECK(gpucheck::report(outcome));
}

namespace {

// One call of the student's launch_burst on a kernel of known duration, 15 to 25 us (far longer
// than a launch), 6000 to 8000 times (more than the queue holds: it filled within about 1,500
// launches of 20 us on an H200, results/launch-burst.txt). Inside each call of the work the
// checker reads its clock around the launch alone: that is the launch's own time.
gpucheck::burst_numbers run_burst(gpucheck::known_duration_work& spin, cudaStream_t stream) {
  CUDA_CHECK(cudaDeviceSynchronize()); // the GPU is idle when the function is called
  const double kernel_ms = gpucheck::random_between(0.015, 0.025);
  gpucheck::burst_numbers numbers;
  numbers.asked = static_cast<int>(gpucheck::random_between(6000.0, 8000.0));
  numbers.truth_us.reserve(static_cast<std::size_t>(numbers.asked)); // no allocation in a launch
  const gpu_work launch = [&](cudaStream_t s) {
    const auto start = gpucheck::untraced_clock::now();
    spin.enqueue(s, kernel_ms);
    const auto stop = gpucheck::untraced_clock::now();
    numbers.truth_us.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
  };
  const int runs_before = spin.runs();
  numbers.reported_us = launch_burst(launch, numbers.asked, stream);
  numbers.runs = spin.runs() - runs_before;
  CUDA_CHECK(cudaDeviceSynchronize());
  // The planned length, not the last run's own clock: a run never ends sooner than planned, while
  // a neighbour's time slice inside the last run would lengthen its clock and make the late
  // launches' wait look short (a certain "no queue" on a busy GPU).
  numbers.kernel_us = 1000.0 * kernel_ms;
  return numbers;
}

} // namespace

// Last in the program: the replay of an earlier test case's failure stops before it.
GPU_TEST_CASE("launch_burst times each launch, and its last launches wait for the full queue") {
  gpucourse::cuda_stream stream;
  gpucheck::known_duration_work spin;
  spin.enqueue(stream, 0.001); // loaded now, so that no launch of the burst pays for it
  // Each time within 2 us or 25% of the checker's, for 90% of the launches, and the last quarter
  // waiting half a run at least (judgement/burst_judgement.hpp). A failure that a slow host could
  // have caused is judged again on a fresh burst: a real mistake fails both.
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    return gpucheck::judge_burst(run_burst(spin, stream),
                                 std::string(lesson) + "#the-cpu-blocks-the-gpu-queues");
  })));
}
