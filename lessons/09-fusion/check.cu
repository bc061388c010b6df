// SPDX-License-Identifier: MIT
// Lesson 09's checks. One job of about 2^28 floats (1 GiB a buffer), its size drawn so that it is
// a multiple of no block (2^28 less an odd number), its x, a and b drawn afresh; the number's check
// times the first 2^26 floats less an odd number of the same buffers (256 MiB, a run of about
// 0.13 ms, where a first launch or a launch's worth of host time is several percent). Ground truth
// is the checker's own:
//   - the bytes: the checker's own run of the unfused pair (the kernels of exercise.h), compared
//     bit for bit with the student's y on the GPU; t must be left as the checker poisoned it;
//   - the byte counts: four passes and two over n floats (fusion_judgement.hpp);
//   - the times: the checker's events on the stream the work was given, around each run of the
//     student's run_fused and of the unfused pair, alternated, medians of five;
//   - the device's copy bandwidth: a device-to-device cudaMemcpyAsync of the whole buffer, its
//     bytes read and written over its time (the fastest of five);
//   - the student's number: fused_bytes over the checker's fastest of five runs of run_fused (a
//     neighbour only slows runs: no right number is far above the fastest).
// The number's check comes first, so that its first call is the first launch of the student's
// kernel in the process: a timing without a warm-up shows only there. The judgement is
// judgement/fusion_judgement's, said by judgement/fusion_outcome. Why a wrong number is wrong comes
// from the trace of the failing call (docs/ARCHITECTURE.md, "Which why wins").
// Last, time_each_run runs in a fresh process (checkapi/fresh_process.hpp), where its first call
// is the first launch of the student's kernel: each run's truth is a pair of the checker's events
// around run_fused inside the call (judgement/first_launch_judgement.hpp).
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/fresh_process.hpp"
#include "checkapi/statistics.hpp"
#include "checkapi/timing_trials.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/first_launch_judgement.hpp"
#include "judgement/fusion_outcome.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

// Defined by the reference alone (solutions/09-fusion/exercise.cu): its higher bar.
extern "C" __attribute__((weak)) const bool gpucourse_lesson09_reference;

namespace {

const std::string lesson = "lessons/09-fusion/lesson.md";
constexpr std::uint32_t t_poison = 0x7FC0DEADu; // a NaN no kernel of the lesson writes
constexpr std::uint32_t y_poison = 0xFFC0BEEFu;
constexpr int speed_runs = 5; // of each version, alternated

bool is_reference() {
  return &gpucourse_lesson09_reference != nullptr && gpucourse_lesson09_reference;
}

__global__ void fill_input(float* x, std::size_t n, std::uint32_t seed) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i >= n)
    return;
  std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
  h ^= h >> 15;
  h *= 2246822519u;
  h ^= h >> 13;
  x[i] = static_cast<float>(h >> 8) * (8.0f / 16777216.0f) - 4.0f; // [-4, 4): half of y is 0
}

__global__ void fill_words(std::uint32_t* words, std::size_t n, std::uint32_t value) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i < n)
    words[i] = value;
}

// The first item whose bits differ from the reference's (y), and the first item of t that is no
// longer the poison; n when none.
__global__ void first_differences(const std::uint32_t* y, const std::uint32_t* reference,
                                  const std::uint32_t* t, std::size_t n,
                                  unsigned long long* first_wrong_y,
                                  unsigned long long* first_written_t) {
  const std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x;
  if (i >= n)
    return;
  if (y[i] != reference[i])
    atomicMin(first_wrong_y, static_cast<unsigned long long>(i));
  if (t[i] != t_poison)
    atomicMin(first_written_t, static_cast<unsigned long long>(i));
}

unsigned blocks_for(std::size_t n) {
  return static_cast<unsigned>((n + 255) / 256);
}

// [ms] The fastest of `runs` runs of `work`, each between two events on `stream` after an idle GPU.
double fastest_event_ms(const std::function<void(cudaStream_t)>& work, cudaStream_t stream,
                        int runs) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i)
    times.push_back(gpucheck::median_event_ms(work, stream, 1));
  return *std::min_element(times.begin(), times.end());
}

// 2^power floats less an odd number below 256: a multiple of no block size, nor of 4.
std::size_t draw_items(int power) {
  const auto odd = 2 * static_cast<std::size_t>(gpucheck::random_between(0.0, 127.0)) + 1;
  return (std::size_t{1} << power) - odd;
}

// Everything the checks share: the buffers, the stream, the drawn job and the copy bandwidth.
struct fusion_setup {
  std::size_t n = draw_items(28);
  std::size_t number_n = draw_items(26); // the number's check's job: the buffers' first items
  gpucourse::device_buffer<float> x{n}, t{n}, y{n}, reference_y{n};
  gpucourse::device_buffer<unsigned long long> firsts{2};
  gpucourse::cuda_stream stream{cudaStreamNonBlocking};
  float a = static_cast<float>(gpucheck::random_between(0.5, 2.0));
  float b = static_cast<float>(gpucheck::random_between(0.25, 1.0));
  double copy_gbps = 0;

  fusion_setup() {
    const auto seed = static_cast<std::uint32_t>(gpucheck::random_between(1.0, 4294967295.0));
    fill_input<<<blocks_for(n), 256, 0, stream>>>(x.data(), n, seed);
    CUDA_CHECK_LAUNCH();
    measure_copy();
  }

  fusion_job job(float* out) const { return job_of(out, n); }
  fusion_job job_of(float* out, std::size_t items) const {
    fusion_job j;
    j.x = x.data();
    j.t = t.data();
    j.y = out;
    j.n = items;
    j.a = a;
    j.b = b;
    return j;
  }

  // A device-to-device copy of the whole buffer (x into y), after one as warm-up: its bytes read
  // and its bytes written over its time, the fastest of five.
  void measure_copy() {
    const auto copy = [&](cudaStream_t s) {
      CUDA_CHECK(cudaMemcpyAsync(y.data(), x.data(), x.bytes(), cudaMemcpyDeviceToDevice, s));
    };
    copy(stream);
    copy_gbps = gpucheck::bandwidth_gbps(2.0 * static_cast<double>(x.bytes()),
                                         fastest_event_ms(copy, stream, 5));
  }

  void poison(float* buffer, std::uint32_t value) {
    fill_words<<<blocks_for(n), 256, 0, stream>>>(reinterpret_cast<std::uint32_t*>(buffer), n,
                                                  value);
    CUDA_CHECK_LAUNCH();
  }
};

fusion_setup& setup() {
  static fusion_setup shared;
  return shared;
}

double exact_fused_bytes() { // of the number's job
  return static_cast<double>(gpucheck::fused_bytes(setup().number_n, sizeof(float)));
}

// ---- (c) the reported bandwidth

using gpucheck::number_round;

// Three calls of fused_gbps, each on an idle stream, then the checker's own time of run_fused.
number_round run_number_round() {
  fusion_setup& s = setup();
  const fusion_job job = s.job_of(s.y.data(), s.number_n);
  number_round round;
  std::vector<double> reported;
  for (int i = 0; i < 3; ++i) {
    CUDA_CHECK(cudaDeviceSynchronize());
    double gbps = 0;
    round.calls.push_back(gpucheck::call_timed([&] {
      gbps = fused_gbps(job, s.stream);
      return gbps > 0 ? exact_fused_bytes() / (gbps * 1e9) * 1e3 : 0.0; // as ms, for the trace
    }));
    reported.push_back(gbps);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto fused = [&](cudaStream_t stream) { run_fused(job, stream); };
  fused(s.stream);
  round.truth_ms = fastest_event_ms(fused, s.stream, 5);
  const double truth_gbps = gpucheck::bandwidth_gbps(exact_fused_bytes(), round.truth_ms);
  // The student's own count of the timed job's bytes: a wrong one, not the clock, may explain it.
  const auto counted = static_cast<double>(::fused_bytes(job.n));
  for (std::size_t i = 0; i < reported.size(); ++i) {
    round.numbers.push_back({reported[i], truth_gbps, counted, exact_fused_bytes()});
    round.calls[i].truth_ms = round.truth_ms;
  }
  return round;
}

// Three calls judged; three more where noise could explain the first round's miss.
gpucheck::check_outcome check_number() {
  const number_round first = run_number_round();
  gpucheck::gbps_verdict verdict = gpucheck::judge_fused_gbps(first.numbers, {});
  number_round second;
  if (verdict.retry && !gpucheck::in_traced_replay()) { // a burst seldom lasts two rounds
    second = run_number_round();
    verdict = gpucheck::judge_fused_gbps(first.numbers, second.numbers);
  }
  return gpucheck::number_outcome(first, second, verdict, exact_fused_bytes(), lesson);
}

// ---- (a) the bytes

gpucheck::check_outcome check_bytes() {
  fusion_setup& s = setup();
  CUDA_CHECK(cudaDeviceSynchronize());
  s.poison(s.t.data(), t_poison);
  run_unfused(s.job(s.reference_y.data()), s.stream); // the checker's truth
  s.poison(s.t.data(), t_poison);
  s.poison(s.y.data(), y_poison);
  const unsigned long long none[2] = {s.n, s.n};
  CUDA_CHECK(cudaMemcpyAsync(s.firsts.data(), none, sizeof none, cudaMemcpyHostToDevice, s.stream));
  CUDA_CHECK(cudaStreamSynchronize(s.stream));
  run_fused(s.job(s.y.data()), s.stream);
  // On the stream the work was given, after it, with no wait of ours first.
  first_differences<<<blocks_for(s.n), 256, 0, s.stream>>>(
      reinterpret_cast<const std::uint32_t*>(s.y.data()),
      reinterpret_cast<const std::uint32_t*>(s.reference_y.data()),
      reinterpret_cast<const std::uint32_t*>(s.t.data()), s.n, s.firsts.data(),
      s.firsts.data() + 1);
  CUDA_CHECK_LAUNCH();
  unsigned long long firsts[2] = {};
  CUDA_CHECK(
      cudaMemcpyAsync(firsts, s.firsts.data(), sizeof firsts, cudaMemcpyDeviceToHost, s.stream));
  CUDA_CHECK(cudaDeviceSynchronize());
  return gpucheck::bytes_outcome(firsts[0], firsts[1], s.n, lesson);
}

// ---- (b) the byte counts, and the speed

// The job's size, small ones, an odd one, and one whose count needs more than 32 bits.
gpucheck::check_outcome check_counts() {
  const std::vector<std::size_t> sizes{(std::size_t{1} << 28) - 77, 1, 1000003,
                                       (std::size_t{1} << 30) + 3};
  return gpucheck::counts_outcome([](std::size_t n) { return unfused_bytes(n); },
                                  [](std::size_t n) { return fused_bytes(n); }, sizes, lesson);
}

// The pair and the fused version, each timed by the checker's events on the stream, alternated,
// after one run of each as warm-up.
gpucheck::fusion_times time_fusion() {
  fusion_setup& s = setup();
  const fusion_job pair = s.job(s.reference_y.data());
  const fusion_job fused = s.job(s.y.data());
  const auto run_pair = [&](cudaStream_t stream) { run_unfused(pair, stream); };
  const auto run_fused_version = [&](cudaStream_t stream) { run_fused(fused, stream); };
  run_pair(s.stream);
  run_fused_version(s.stream);
  std::vector<double> pair_ms, fused_ms;
  for (int i = 0; i < speed_runs; ++i) {
    pair_ms.push_back(gpucheck::median_event_ms(run_pair, s.stream, 1));
    fused_ms.push_back(gpucheck::median_event_ms(run_fused_version, s.stream, 1));
  }
  gpucheck::fusion_times times;
  times.items = s.n;
  times.item_bytes = sizeof(float);
  times.pair_ms = gpucheck::median(pair_ms);
  times.fused_ms = gpucheck::median(fused_ms);
  times.copy_gbps = s.copy_gbps;
  return times;
}

gpucheck::check_outcome check_speed() {
  gpucheck::fusion_bar bar;
  if (is_reference())
    bar.least_share_of_copy = gpucheck::reference_share_of_copy;
  gpucheck::fusion_times times = time_fusion();
  gpucheck::fusion_speed_verdict verdict = gpucheck::judge_fusion_speed(times, bar);
  bool second_round = false;
  if (gpucheck::noise_could_explain_fusion_speed(verdict) && !gpucheck::in_traced_replay()) {
    // a burst of noise seldom lasts twice
    times = time_fusion();
    verdict = gpucheck::judge_fusion_speed(times, bar);
    second_round = true;
  }
  return gpucheck::speed_outcome(times, verdict, bar, second_round, lesson);
}

} // namespace

// First: its first call is the process's first launch of your kernel (see above).
GPU_TEST_CASE("fused_gbps reports the bandwidth the checker measured") {
  CHECK(gpucheck::report(check_number()));
}

GPU_TEST_CASE("run_fused writes the pair's bytes to y and leaves t alone") {
  CHECK(gpucheck::report(check_bytes()));
}

TEST_CASE("unfused_bytes and fused_bytes count every byte read and written") {
  CHECK(gpucheck::report(check_counts()));
}

GPU_TEST_CASE("the fused version beats the pair by the margin the bytes predict") {
  CHECK(gpucheck::report(check_speed()));
}

namespace {

// ---- (d) the first launch against the runs after it, in a fresh process

constexpr char fresh_test_case[] = "fresh-process-first-launch";
constexpr int spare_runs = 4; // calls past those asked that still get the checker's events

// One call of time_each_run in a fresh process, on a job of 2^26 floats less an odd number
// (256 MiB a buffer: a warm run of 0.13-0.2 ms, so that a first launch's loading, 0.08-0.13 ms on
// the H200, shows), 4 to 8 runs asked.
gpucheck::first_launch_numbers run_first_launch() {
  gpucheck::first_launch_numbers numbers;
  numbers.asked = static_cast<int>(gpucheck::random_between(4.0, 9.0));
  std::ostringstream task;
  task << draw_items(26) << ' ' << numbers.asked << ' ' << std::setprecision(9)
       << gpucheck::random_between(0.5, 2.0) << ' ' << gpucheck::random_between(0.25, 1.0) << ' '
       << static_cast<std::uint32_t>(gpucheck::random_between(1.0, 4294967295.0));
  const gpucheck::fresh_result run = gpucheck::run_fresh_process(fresh_test_case, task.str());
  const int runs = static_cast<int>(run.value("calls"));
  const int returned = static_cast<int>(run.value("returned"));
  numbers.process_ok = run.ok && runs >= 0 && returned >= 0;
  if (!numbers.process_ok) {
    numbers.output = gpucheck::last_lines(run.output, 8);
    return numbers;
  }
  numbers.runs = runs;
  numbers.returned = returned;
  for (int i = 0; i < std::min(returned, numbers.asked + spare_runs); ++i)
    numbers.reported_ms.push_back(run.value("reported_" + std::to_string(i)));
  for (int i = 0; i < std::min(runs, numbers.asked + spare_runs); ++i)
    numbers.truth_ms.push_back(run.value("truth_" + std::to_string(i)));
  return numbers;
}

} // namespace

// Runs only in a fresh process (in the ordinary run it returns at once). Task: "N RUNS A B SEED":
// time_each_run asked for RUNS runs of the student's run_fused on N floats, each call of the work
// between a pair of the checker's events on the stream it was given. Nothing of the student's has
// run in this process before: the first call is the first launch of the student's kernel.
GPU_TEST_CASE("fresh-process-first-launch") {
  const std::string task = gpucheck::fresh_process_task();
  if (task.empty())
    return;
  std::istringstream fields(task);
  std::size_t n = 0;
  int runs = 0;
  float a = 1.0f, b = 0.0f;
  std::uint32_t seed = 1;
  fields >> n >> runs >> a >> b >> seed;
  gpucourse::device_buffer<float> x{n}, t{n}, y{n};
  gpucourse::cuda_stream stream{cudaStreamNonBlocking};
  fill_input<<<blocks_for(n), 256, 0, stream>>>(x.data(), n, seed); // check.cu's code, not theirs
  CUDA_CHECK_LAUNCH();
  const fusion_job job{x.data(), t.data(), y.data(), n, a, b};
  const int kept = runs + spare_runs;
  std::vector<gpucourse::cuda_event> starts(static_cast<std::size_t>(kept));
  std::vector<gpucourse::cuda_event> stops(static_cast<std::size_t>(kept));
  int calls = 0;
  const gpu_work work = [&](cudaStream_t s) {
    const auto call = static_cast<std::size_t>(calls++);
    if (call < starts.size())
      CUDA_CHECK(cudaEventRecord(starts[call], s));
    run_fused(job, s);
    if (call < stops.size())
      CUDA_CHECK(cudaEventRecord(stops[call], s));
  };
  CUDA_CHECK(cudaDeviceSynchronize()); // the GPU is idle when the function is called
  const std::vector<double> reported = time_each_run(work, runs, stream);
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucheck::report_fresh_value("calls", calls);
  gpucheck::report_fresh_value("returned", static_cast<double>(reported.size()));
  for (std::size_t i = 0; i < reported.size() && i < starts.size(); ++i) // a value line is a number
    gpucheck::report_fresh_value("reported_" + std::to_string(i),
                                 std::isfinite(reported[i]) ? reported[i] : -1.0);
  for (std::size_t i = 0; i < static_cast<std::size_t>(calls) && i < starts.size(); ++i) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, starts[i], stops[i]));
    gpucheck::report_fresh_value("truth_" + std::to_string(i), ms);
  }
}

// Last in the program, after the checks above, which keep their order and draws. Each run's time
// within 2 us below and 50 us or 10% above the checker's events inside the call
// (judgement/first_launch_judgement.hpp); a failure that a slow host could have caused is judged
// again in a new fresh process: a real mistake fails both.
GPU_TEST_CASE("time_each_run times the first launch of run_fused and each run after it") {
  CHECK(gpucheck::report(gpucheck::judge_twice([] {
    return gpucheck::judge_first_launch(run_first_launch(), lesson + "#timing-the-fused-kernel");
  })));
}
