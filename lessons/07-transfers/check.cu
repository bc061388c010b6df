// SPDX-License-Identifier: MIT
// Lesson 07's checks. One job of 2^26 - 5 words (a prime: about 256 MiB each way) is shared by
// the checks; a multiple of no chunk count, so that a chunking that drops the remainder shows.
// Ground truth is the checker's own:
//   - the link's peak: pinned copies of the whole buffer, each direction alone, timed with events
//     (medians of three);
//   - the kernel: its arithmetic per word calibrated so that it lasts about as long as one
//     direction's copy, which is when overlap pays most;
//   - the bytes: transform_word() on the host, on a sample of words;
//   - the student's time: events the checker records on every one of the streams before the call
//     and after it returns, the work's end being the last of the stops;
//   - the baselines: run_serial() on the checker's pinned buffers (events on one stream) and a
//     pageable cudaMemcpy, kernel, cudaMemcpy on the legacy default stream (events there);
//   - measure_link's three speeds: the checker's pinned copies of the same words between the same
//     GPU buffers, each direction alone and both at once, before and after the call (last).
// The judgement is judgement/transfer_judgement's, said by judgement/transfer_outcome. Why a wrong
// number is wrong comes from the trace of the failing call (docs/ARCHITECTURE.md, "Which why
// wins").
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/host_memory_of.cuh"
#include "checkapi/rounds_calibration.hpp"
#include "checkapi/statistics.hpp"
#include "checkapi/stream_set.cuh"
#include "checkapi/word_sample.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/link_judgement.hpp"
#include "judgement/transfer_judgement.hpp"
#include "judgement/transfer_outcome.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

const std::string lesson = "lessons/07-transfers/lesson.md";
constexpr std::size_t job_words = gpucheck::round_trip_words; // a prime: see there
constexpr double bytes_each_way = static_cast<double>(job_words * sizeof(std::uint32_t));
constexpr double round_trip_bytes = 2.0 * bytes_each_way;
constexpr int stream_count = 4;
constexpr std::uint8_t device_poison = 0xAB; // device buffers before each call
constexpr std::uint8_t host_poison = 0xCD;   // host_out before each call

host_words pinned_words(std::size_t count) {
  std::uint32_t* words = nullptr;
  CUDA_CHECK(cudaMallocHost(&words, count * sizeof(std::uint32_t)));
  return host_words(words, free_pinned);
}

host_words pageable_words(std::size_t count) {
  return host_words(new std::uint32_t[count], free_pageable);
}

// Everything the checks share: the GPU buffers, the student's host buffers (from their
// allocate_host), the checker's own pinned and pageable buffers for the baselines, the streams,
// the link's peak and the kernel's rounds.
struct job_setup {
  gpucourse::device_buffer<std::uint32_t> device_in{job_words};
  gpucourse::device_buffer<std::uint32_t> device_out{job_words};
  host_words student_in = allocate_host(job_words);
  host_words student_out = allocate_host(job_words);
  host_words own_in = pinned_words(job_words);
  host_words own_out = pinned_words(job_words);
  host_words pageable_in = pageable_words(job_words);
  host_words pageable_out = pageable_words(job_words);
  gpucheck::link_peak peak;
  int rounds = 1;
  // Where the student's buffers live, as the runtime says: the why of a slow round trip names it
  // instead of guessing it from the speed (transfer_judgement.hpp).
  gpucheck::host_memory memory = gpucheck::job_memory(gpucheck::host_memory_of(student_in.get()),
                                                      gpucheck::host_memory_of(student_out.get()));
  gpucheck::stream_set streams{stream_count};

  job_setup() {
    fill_input(0x9E3779B9u);
    std::memcpy(own_in.get(), student_in.get(), job_words * sizeof(std::uint32_t));
    std::memcpy(pageable_in.get(), student_in.get(), job_words * sizeof(std::uint32_t));
    measure_peak();
    calibrate();
  }

  transfer_job job(const host_words& in, const host_words& out) const {
    transfer_job j;
    j.host_in = in.get();
    j.host_out = out.get();
    j.device_in = device_in.data();
    j.device_out = device_out.data();
    j.count = job_words;
    j.rounds = rounds;
    return j;
  }

  void fill_input(std::uint32_t seed) {
    gpucheck::fill_xorshift_words(student_in.get(), job_words, seed);
  }

  // The link's peak: the whole buffer copied between pinned memory and the GPU, each direction
  // alone, after one copy of each as warm-up.
  void measure_peak() {
    const auto to_device = [&](cudaStream_t s) {
      CUDA_CHECK(cudaMemcpyAsync(device_in.data(), own_in.get(), device_in.bytes(),
                                 cudaMemcpyHostToDevice, s));
    };
    const auto to_host = [&](cudaStream_t s) {
      CUDA_CHECK(cudaMemcpyAsync(own_out.get(), device_out.data(), device_out.bytes(),
                                 cudaMemcpyDeviceToHost, s));
    };
    to_device(streams[0]);
    to_host(streams[0]);
    peak.to_device_gbps = gpucheck::bandwidth_gbps(
        bytes_each_way, gpucheck::median_event_ms(to_device, streams[0], 3));
    peak.to_host_gbps =
        gpucheck::bandwidth_gbps(bytes_each_way, gpucheck::median_event_ms(to_host, streams[0], 3));
  }

  // The kernel's arithmetic per word, chosen so that the kernel lasts about as long as the copy
  // in: three equal steps overlap best.
  void calibrate() {
    const double copy_ms = bytes_each_way / (peak.to_device_gbps * 1e9) * 1e3;
    transfer_job probe = job(own_in, own_out);
    probe.rounds = 256;
    const auto kernel = [&](cudaStream_t s) { launch_transfer_kernel(probe, 0, probe.count, s); };
    kernel(streams[0]);
    rounds = gpucheck::rounds_lasting(copy_ms, [&](int r) {
      probe.rounds = r;
      return gpucheck::median_event_ms(kernel, streams[0], 3);
    });
  }

  void poison() {
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemset(device_in.data(), device_poison, device_in.bytes()));
    CUDA_CHECK(cudaMemset(device_out.data(), device_poison, device_out.bytes()));
    std::memset(student_out.get(), host_poison, job_words * sizeof(std::uint32_t));
    CUDA_CHECK(cudaDeviceSynchronize());
  }
};

job_setup& setup() {
  static job_setup shared;
  return shared;
}

// One call of round_trip_gbps, timed by the checker: events on every stream before the call and
// after its return; the work's end is the last stop to complete. The starts are waited for before
// the call: a neighbour holding the GPU could otherwise delay them past a host clock's start, and
// the truth would be shorter than a correct student's interval. So the truth encloses every
// interval the student may time, and a number under it is certain on any GPU.
gpucheck::round_trip_call run_student() {
  job_setup& s = setup();
  CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<gpucourse::cuda_event> starts(stream_count), stops(stream_count);
  for (int k = 0; k < stream_count; ++k)
    CUDA_CHECK(cudaEventRecord(starts[k], s.streams[k]));
  for (int k = 0; k < stream_count; ++k)
    CUDA_CHECK(cudaEventSynchronize(starts[k]));
  gpucheck::round_trip_call trip;
  const transfer_job job = s.job(s.student_in, s.student_out);
  trip.call = gpucheck::call_timed([&] {
    const double gbps = round_trip_gbps(job, s.streams.handles());
    // As milliseconds, so that the trace's rules read the number against the truth.
    return gbps > 0 ? 2.0 * bytes_each_way / (gbps * 1e9) * 1e3 : 0.0;
  });
  for (int k = 0; k < stream_count; ++k)
    CUDA_CHECK(cudaEventRecord(stops[k], s.streams[k]));
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int k = 0; k < stream_count; ++k) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, starts[0], stops[k]));
    trip.truth_ms = std::max(trip.truth_ms, static_cast<double>(ms));
  }
  trip.call.truth_ms = trip.truth_ms;
  trip.truth_gbps = gpucheck::bandwidth_gbps(2.0 * bytes_each_way, trip.truth_ms);
  return trip;
}

// The first wrong word of a sample of host_out (word_sample.hpp's sampled_words: every 4099th
// word, the first and last of each of 64 equal parts, the last 1024 words); -1 if none.
long long first_wrong_word(const job_setup& s) {
  static const std::vector<std::size_t> sample =
      gpucheck::sampled_words(job_words, gpucheck::sampled_tail_words);
  const std::uint32_t* in = s.student_in.get();
  const std::uint32_t* out = s.student_out.get();
  for (const std::size_t i : sample)
    if (out[i] != transform_word(in[i], s.rounds))
      return static_cast<long long>(i);
  return -1;
}

gpucheck::check_outcome check_bytes() {
  job_setup& s = setup();
  s.fill_input(static_cast<std::uint32_t>(gpucheck::random_between(1.0, 4294967295.0)));
  s.poison();
  const transfer_job job = s.job(s.student_in, s.student_out);
  (void)round_trip_gbps(job, s.streams.handles());
  const long long at_return = first_wrong_word(s); // at once: no wait of ours first
  CUDA_CHECK(cudaDeviceSynchronize());
  // Read again once the GPU has finished: a word right by then was not waited for.
  return gpucheck::bytes_outcome(at_return, at_return < 0 ? -1 : first_wrong_word(s), lesson);
}

// The checker's two baselines, timed with events: pinned and pageable, one step after another.
struct baselines {
  double pinned_serial_ms = 0;
  double pageable_serial_ms = 0;
};

baselines time_baselines() {
  job_setup& s = setup();
  const transfer_job pinned = s.job(s.own_in, s.own_out);
  const transfer_job pageable = s.job(s.pageable_in, s.pageable_out);
  const auto pinned_serial = [&](cudaStream_t stream) {
    CUDA_CHECK(cudaMemcpyAsync(pinned.device_in, pinned.host_in, s.device_in.bytes(),
                               cudaMemcpyHostToDevice, stream));
    launch_transfer_kernel(pinned, 0, pinned.count, stream);
    CUDA_CHECK(cudaMemcpyAsync(pinned.host_out, pinned.device_out, s.device_out.bytes(),
                               cudaMemcpyDeviceToHost, stream));
  };
  // cudaMemcpy runs on the legacy default stream: the events go there too.
  const auto pageable_serial = [&](cudaStream_t stream) {
    CUDA_CHECK(cudaMemcpy(pageable.device_in, pageable.host_in, s.device_in.bytes(),
                          cudaMemcpyHostToDevice));
    launch_transfer_kernel(pageable, 0, pageable.count, stream);
    CUDA_CHECK(cudaMemcpy(pageable.host_out, pageable.device_out, s.device_out.bytes(),
                          cudaMemcpyDeviceToHost));
  };
  baselines b;
  b.pinned_serial_ms = gpucheck::median_event_ms(pinned_serial, s.streams[0], 3);
  b.pageable_serial_ms = gpucheck::median_event_ms(pageable_serial, nullptr, 3);
  return b;
}

// The round trip's speed: the median of three of the student's calls (after one as warm-up)
// against the peak and the baselines measured just before them.
gpucheck::round_trip_times time_round_trips(std::vector<gpucheck::round_trip_call>& trips) {
  job_setup& s = setup();
  const baselines b = time_baselines();
  (void)run_student();
  trips.clear();
  std::vector<double> times;
  for (int i = 0; i < 3; ++i) {
    trips.push_back(run_student());
    times.push_back(trips.back().truth_ms);
  }
  gpucheck::round_trip_times t;
  t.bytes_each_way = bytes_each_way;
  t.student_ms = gpucheck::median(times);
  t.pinned_serial_ms = b.pinned_serial_ms;
  t.pageable_serial_ms = b.pageable_serial_ms;
  t.peak = s.peak;
  return t;
}

std::vector<gpucheck::round_trip_call> last_trips; // the speed check's calls, for the number's

// The round trip against the link's peak and the baselines, a second time where it missed.
gpucheck::check_outcome check_speed() {
  gpucheck::round_trip_times times = time_round_trips(last_trips);
  gpucheck::speed_verdict verdict = gpucheck::judge_speed(times);
  if (verdict != gpucheck::speed_verdict::fast_enough) { // a burst of noise seldom lasts twice
    times = time_round_trips(last_trips);
    verdict = gpucheck::judge_speed(times);
  }
  return gpucheck::speed_outcome(times, verdict, setup().memory, last_trips, lesson);
}

// The number each call of the speed check returned, against the checker's truth for that call
// (judgement/transfer_outcome.hpp).
gpucheck::check_outcome check_number() {
  if (last_trips.empty())
    (void)time_round_trips(last_trips);
  return gpucheck::number_outcome(last_trips, round_trip_bytes, lesson);
}

} // namespace

GPU_TEST_CASE("round_trip_gbps brings back the kernel's bytes") {
  CHECK(gpucheck::report(check_bytes()));
}

GPU_TEST_CASE("the round trip reaches a share of the link's measured peak") {
  CHECK(gpucheck::report(check_speed()));
}

GPU_TEST_CASE("round_trip_gbps reports the bandwidth the checker measured") {
  CHECK(gpucheck::report(check_number()));
}

// ---------------------------------------------------------------------------------------------
// measure_link: the student's experiment of the link's peak. The truth is the checker's own
// pinned copies of the same words between the same GPU buffers, timed as the contract asks (the
// median of three, events bracketing both streams' copies), before and after the call.

namespace {

constexpr int link_trials = 3;

// [GB/s] The checker's three speeds for `count` words each way.
gpucheck::link_numbers checker_link(std::size_t count) {
  job_setup& s = setup();
  const std::size_t bytes = count * sizeof(std::uint32_t);
  cudaStream_t second = s.streams[1];
  gpucourse::cuda_event began{cudaEventDisableTiming}, done{cudaEventDisableTiming};
  const auto to_device = [&](cudaStream_t stream) {
    CUDA_CHECK(
        cudaMemcpyAsync(s.device_in.data(), s.own_in.get(), bytes, cudaMemcpyHostToDevice, stream));
  };
  const auto to_host = [&](cudaStream_t stream) {
    CUDA_CHECK(cudaMemcpyAsync(s.own_out.get(), s.device_out.data(), bytes, cudaMemcpyDeviceToHost,
                               stream));
  };
  // The copy to the host on the second stream, joined to the first both ways: the first stream's
  // events bracket both copies.
  const auto both = [&](cudaStream_t first) {
    CUDA_CHECK(cudaEventRecord(began, first));
    CUDA_CHECK(cudaStreamWaitEvent(second, began, 0));
    to_device(first);
    to_host(second);
    CUDA_CHECK(cudaEventRecord(done, second));
    CUDA_CHECK(cudaStreamWaitEvent(first, done, 0));
  };
  const double each_way = static_cast<double>(bytes);
  gpucheck::link_numbers n;
  n.to_device_gbps =
      gpucheck::bandwidth_gbps(each_way, gpucheck::median_event_ms(to_device, s.streams[0], 3));
  n.to_host_gbps =
      gpucheck::bandwidth_gbps(each_way, gpucheck::median_event_ms(to_host, s.streams[0], 3));
  n.both_gbps =
      gpucheck::bandwidth_gbps(2 * each_way, gpucheck::median_event_ms(both, s.streams[0], 3));
  return n;
}

gpucheck::link_numbers mean_of(const gpucheck::link_numbers& a, const gpucheck::link_numbers& b) {
  return {(a.to_device_gbps + b.to_device_gbps) / 2, (a.to_host_gbps + b.to_host_gbps) / 2,
          (a.both_gbps + b.both_gbps) / 2};
}

// One call of measure_link on 64 to 256 MiB each way and a content drawn afresh; device_in is
// poisoned before it and read back after it.
gpucheck::link_trial link_trial_once(std::vector<std::uint32_t>& content) {
  job_setup& s = setup();
  const auto count = static_cast<std::size_t>(
      gpucheck::random_between(static_cast<double>(job_words / 4), static_cast<double>(job_words)));
  const std::size_t bytes = count * sizeof(std::uint32_t);
  gpucheck::fill_xorshift_words(
      content.data(), count,
      static_cast<std::uint32_t>(gpucheck::random_between(1.0, 4294967295.0)));
  const gpucheck::link_numbers before = checker_link(count);
  CUDA_CHECK(cudaMemset(s.device_in.data(), device_poison, bytes));
  CUDA_CHECK(cudaDeviceSynchronize());

  gpucheck::link_trial trial;
  trial.bytes_each_way = static_cast<double>(bytes);
  trial.call = gpucheck::call_timed([&] {
    const link_speeds speeds = measure_link(content.data(), count, s.device_in.data(),
                                            s.device_out.data(), s.streams.handles());
    trial.reported = {speeds.to_device_gbps, speeds.to_host_gbps, speeds.both_gbps};
    // As milliseconds, so that the trace's rules read the number against the truth.
    return gpucheck::both_ms(trial.bytes_each_way, speeds.both_gbps);
  });
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(s.own_out.get(), s.device_in.data(), bytes, cudaMemcpyDeviceToHost));
  for (const std::size_t i : gpucheck::sampled_words(count, gpucheck::sampled_tail_words))
    trial.copied = trial.copied && s.own_out.get()[i] == content[i];
  trial.truth = mean_of(before, checker_link(count));
  return trial;
}

} // namespace

// Last in the program: the test cases above keep their order and their draws.
GPU_TEST_CASE("measure_link measures the link each way alone and both ways at once") {
  std::vector<std::uint32_t> content(job_words);
  // Each number within 25% of the checker's and the gain of both at once within 10% of its, 2
  // trials of 3 right; a unit in every number, pageable or managed memory, no words copied are
  // named (judgement/link_judgement). A failure noise could explain is judged on fresh trials.
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    return gpucheck::judge_link(
        gpucheck::run_trials(link_trials, [&] { return link_trial_once(content); }), setup().memory,
        lesson + "#the-links-peak", /*allowed_misses=*/1);
  })));
}
