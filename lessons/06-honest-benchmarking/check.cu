// SPDX-License-Identifier: MIT
// Lesson 06's checks. Each trial calls the student's benchmark() once, on work whose every run
// the checker plans as it is asked for (judgement/benchmark_plan.hpp) and queues as paced work
// (checkapi/paced_work.cuh), whose share of its stream is the planned length by construction:
// the truth is the planned runs, never the student's numbers. Every plan starts cold (25-40 ms
// at 1.5-3 times the warm length). The median check draws the warm length from 5 us to 50 ms,
// with slow outliers (14-18% of the runs, 4-6 times as long) where a run lasts 2 ms or more; the
// noise check gives runs of 1-3 ms that vary not at all, a little or much. Why a wrong median is
// wrong comes from the trace of the failing call (docs/ARCHITECTURE.md, "Which why wins"), else
// from its numbers (benchmark_judgement.hpp's clues). Last, time_warm_and_cold is judged against
// the read kernel's own clock in the runs of the call (judgement/cache_judgement.hpp).
#include "checkapi/check.cuh"
#include "checkapi/paced_work.cuh"
#include "checkapi/statistics.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/benchmark_outcome.hpp"
#include "judgement/benchmark_plan.hpp"
#include "judgement/cache_judgement.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
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
// cold runs from the cost of one timing (benchmark_judgement.hpp). Two calls draw work under
// 20 us: one run per timing (a launch and two events, several microseconds) misses both, and
// the one miss allowed for a disturbed call cannot absorb it (a held-out submission passed when
// only one call was that short, and its 20-100 us call drew long work).
std::vector<benchmark_trial> run_median_trials(gpucheck::time_tolerance tolerance) {
  struct band {
    double low_ms, high_ms;
    bool outliers;
  };
  const band bands[] = {{0.2, 1.0, false},   {2.0, 10.0, true},    {0.02, 0.1, false},
                        {10.0, 50.0, true},  {0.005, 0.01, false}, {2.0, 10.0, true},
                        {0.005, 0.02, false}};
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

// ---------------------------------------------------------------------------------------------
// time_warm_and_cold: the student's experiment of the L2 flush. The truth is the read's own
// clock: every run of the checker's read kernel, and of its flush, stamps on %globaltimer its
// first block's start and its last block's end. A run of the read right after a read is warm,
// one right after a flush is cold (judgement/cache_judgement.hpp).

namespace {

constexpr int cache_trials = 3;
constexpr int most_stamped_runs = 1 << 14; // of each kernel in one call; later runs go unread

__device__ unsigned long long cache_clock_ns() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// The first block to start leaves the earliest start...
__device__ void stamp_begin(unsigned long long* first_ns) {
  if (threadIdx.x == 0)
    atomicMin(first_ns, cache_clock_ns());
}

// ...and the last block to end, once all its threads are done, the latest end.
__device__ void stamp_end(unsigned long long* last_ns) {
  __syncthreads();
  if (threadIdx.x == 0)
    atomicMax(last_ns, cache_clock_ns());
}

// main.cu's read_all, stamped: reads `count` floats, writes nothing for the zeros it reads.
__global__ void stamped_read(const float* data, std::size_t count, float* sums,
                             unsigned long long* first_ns, unsigned long long* last_ns) {
  stamp_begin(first_ns);
  float sum = 0.0f;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
    sum += data[i];
  if (sum == -1.0f)
    sums[blockIdx.x] = sum;
  stamp_end(last_ns);
}

// The flush, stamped: writes `count` 16-byte words, four times the L2 in all.
__global__ void stamped_flush(uint4* data, std::size_t count, unsigned long long* first_ns,
                              unsigned long long* last_ns) {
  stamp_begin(first_ns);
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
    data[i] = make_uint4(0, 0, 0, 0);
  stamp_end(last_ns);
}

// The stamps of one kernel's runs in one call, a slot each in the order they were queued.
class run_stamps {
public:
  void reset() {
    CUDA_CHECK(cudaMemset(m_first_ns.data(), 0xff, m_first_ns.bytes())); // no start yet: the most
    CUDA_CHECK(cudaMemset(m_last_ns.data(), 0, m_last_ns.bytes()));
    m_runs = 0;
  }
  // The next run's slot; runs past most_stamped_runs share a spare one.
  std::pair<unsigned long long*, unsigned long long*> next() {
    const int slot = std::min(m_runs++, most_stamped_runs);
    return {m_first_ns.data() + slot, m_last_ns.data() + slot};
  }
  // [ms] The length of each stamped run, by its own clock (after the runs ended).
  std::vector<double> lengths_ms() const {
    const auto stamped = static_cast<std::size_t>(std::min(m_runs, most_stamped_runs));
    std::vector<unsigned long long> first(stamped), last(stamped);
    CUDA_CHECK(cudaMemcpy(first.data(), m_first_ns.data(), stamped * sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(last.data(), m_last_ns.data(), stamped * sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost));
    std::vector<double> lengths;
    for (std::size_t i = 0; i < stamped; ++i)
      lengths.push_back(last[i] > first[i] ? static_cast<double>(last[i] - first[i]) / 1e6 : 0.0);
    return lengths;
  }

private:
  gpucourse::device_buffer<unsigned long long> m_first_ns{most_stamped_runs + 1};
  gpucourse::device_buffer<unsigned long long> m_last_ns{most_stamped_runs + 1};
  int m_runs = 0;
};

// [ms] The shortest of these runs that both stamps reached (lengths_ms() gives 0 to the others);
// 0 where none did, which judges nothing too short.
double shortest_stamped(const std::vector<double>& lengths_ms) {
  double shortest = 0;
  for (const double ms : lengths_ms)
    if (ms > 0 && (shortest == 0 || ms < shortest))
      shortest = ms;
  return shortest;
}

int device_attribute(cudaDeviceAttr attribute) {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  int value = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&value, attribute, device));
  return value;
}

// What every trial shares: main.cu's read (half the L2 at most, zeros) and flush (four L2s).
// The members are made in this order: the sizes first.
struct cache_setup {
  cache_setup() { CUDA_CHECK(cudaMemset(data.data(), 0, data.bytes())); }
  std::size_t l2_bytes = static_cast<std::size_t>(device_attribute(cudaDevAttrL2CacheSize));
  int sms = device_attribute(cudaDevAttrMultiProcessorCount);
  gpucourse::device_buffer<float> data{l2_bytes / 2 / sizeof(float)};
  gpucourse::device_buffer<float> sums{1024};
  gpucourse::device_buffer<uint4> scratch{l2_bytes * 4 / sizeof(uint4)};
  run_stamps reads, flushes;
  gpucourse::cuda_stream stream{cudaStreamNonBlocking};
};

cache_setup& cache() {
  static cache_setup setup;
  return setup;
}

// One call of time_warm_and_cold on a buffer of 35-50% of the L2, drawn afresh: small enough to
// stay in the L2, large enough that the flush shows. Each run of the read is classed by the call
// the student queued just before it; the first run follows none and is not classed.
gpucheck::cache_trial cache_trial_once() {
  cache_setup& s = cache();
  const auto count =
      static_cast<std::size_t>(gpucheck::random_between(0.35, 0.5) * s.l2_bytes / sizeof(float));
  const auto given = static_cast<cudaStream_t>(s.stream);
  s.reads.reset();
  s.flushes.reset();
  std::vector<char> order; // 'r' a read, 'f' a flush, as the student queued them
  bool off_stream = false;
  const gpu_work read = [&](cudaStream_t stream) {
    off_stream = off_stream || stream != given;
    const auto [first_ns, last_ns] = s.reads.next();
    stamped_read<<<4 * s.sms, 256, 0, stream>>>(s.data.data(), count, s.sums.data(), first_ns,
                                                last_ns);
    CUDA_CHECK_LAUNCH();
    order.push_back('r');
  };
  const gpu_work flush = [&](cudaStream_t stream) {
    off_stream = off_stream || stream != given;
    const auto [first_ns, last_ns] = s.flushes.next();
    stamped_flush<<<4 * s.sms, 256, 0, stream>>>(s.scratch.data(), s.scratch.size(), first_ns,
                                                 last_ns);
    CUDA_CHECK_LAUNCH();
    order.push_back('f');
  };
  CUDA_CHECK(cudaDeviceSynchronize());
  gpucheck::cache_trial trial;
  cache_times times;
  trial.call = gpucheck::call_timed([&] {
    times = time_warm_and_cold(read, flush, given);
    return times.cold_ms;
  });
  CUDA_CHECK(cudaDeviceSynchronize()); // every run ended: its stamps are written
  trial.warm_ms = times.warm_ms;
  trial.cold_ms = times.cold_ms;
  trial.off_stream = off_stream;
  const std::vector<double> read_ms = s.reads.lengths_ms();
  std::vector<double> warm_ms, cold_ms;
  std::size_t run = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] != 'r')
      continue;
    if (i > 0 && run < read_ms.size())
      (order[i - 1] == 'r' ? warm_ms : cold_ms).push_back(read_ms[run]);
    ++run;
  }
  trial.warm_runs = static_cast<int>(warm_ms.size());
  trial.cold_runs = static_cast<int>(cold_ms.size());
  trial.truth_warm_ms = warm_ms.empty() ? 0.0 : gpucheck::median(warm_ms);
  trial.truth_cold_ms = cold_ms.empty() ? 0.0 : gpucheck::median(cold_ms);
  trial.shortest_warm_ms = shortest_stamped(warm_ms);
  trial.shortest_cold_ms = shortest_stamped(cold_ms);
  const std::vector<double> flush_ms = s.flushes.lengths_ms();
  trial.flush_ms = flush_ms.empty() ? 0.0 : gpucheck::median(flush_ms);
  return trial;
}

} // namespace

// Last in the program: the test cases above keep their order and their draws.
GPU_TEST_CASE("time_warm_and_cold times one run of the read with its data in the L2 and without") {
  // Each median within 2 us below and max(20 us, 25%) above the read's own clock over the runs of
  // its kind, and at least half the gap that clock shows; 2 trials of 3 right. Only a number
  // shorter than every run of its kind is certain on a busy GPU. A failure that
  // noise could explain is judged again on fresh trials (judgement/cache_judgement.hpp).
  CHECK(gpucheck::report(gpucheck::judge_twice([] {
    return gpucheck::judge_cache(gpucheck::run_trials(cache_trials, cache_trial_once),
                                 lesson + "#cold-numbers-flush-the-l2", /*allowed_misses=*/1);
  })));
}
