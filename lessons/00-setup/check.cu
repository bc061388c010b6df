// SPDX-License-Identifier: MIT
// Lesson 00's checks: the student's device summary against what the CUDA runtime reports; the
// student's error messages against CUDA calls made to fail on purpose (a different one each run);
// the student's copy times against the checker's own event timings of the same copies, from
// pageable and from pinned memory; the student's break-even prediction against the model's, on
// costs drawn at random; and, last, the student's own pageable and pinned buffers' copies against
// the checker's copies from its own memory of each kind.
#include "checkapi/byte_pattern.hpp"
#include "checkapi/check.cuh"
#include "checkapi/event_truth.cuh"
#include "checkapi/field_comparison.hpp"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"
#include "judgement/break_even.hpp"
#include "judgement/copy_facts.hpp"
#include "judgement/memory_comparison.hpp"
#include "pinned_buffer.cuh"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace {

constexpr char lesson[] = "lessons/00-setup/lesson.md";

// A CUDA call that fails, chosen at random, so that no fixed message can pass.
struct failing_call {
  cudaError_t error = cudaSuccess;
  std::string text;
};

failing_call make_a_call_fail() {
  const int which = static_cast<int>(gpucheck::random_between(0.0, 3.0));
  gpucourse::device_buffer<float> floats(16);
  failing_call call;
  if (which == 0) {
    call.text = "cudaMemcpy(floats.data(), nullptr, 64, cudaMemcpyHostToDevice)";
    call.error = cudaMemcpy(floats.data(), nullptr, 64, cudaMemcpyHostToDevice);
  } else if (which == 1) {
    int count = 0;
    CUDA_CHECK(cudaGetDeviceCount(&count));
    call.text = "cudaSetDevice(" + std::to_string(count + 3) + ")";
    call.error = cudaSetDevice(count + 3);
  } else {
    void* huge = nullptr;
    call.text = "cudaMalloc(&huge, 1 << 60)";
    call.error = cudaMalloc(&huge, std::size_t{1} << 60);
  }
  cudaGetLastError(); // these errors are not sticky; clear the last-error slot all the same
  return call;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string true_or_false(bool value) {
  return value ? "true" : "false";
}

} // namespace

GPU_TEST_CASE("query_device reports what cudaGetDeviceProperties reports") {
  int count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  const int device = static_cast<int>(gpucheck::random_between(0.0, count)) % count;
  cudaDeviceProp truth{};
  CUDA_CHECK(cudaGetDeviceProperties(&truth, device));
  int sm_clock_khz = 0;
  int memory_clock_khz = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sm_clock_khz, cudaDevAttrClockRate, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&memory_clock_khz, cudaDevAttrMemoryClockRate, device));

  const device_summary reported = query_device(device);
  using gpucheck::compare_field;
  const std::vector<gpucheck::compared_field> fields = {
      compare_field("name", reported.name, std::string(truth.name)),
      compare_field("compute_capability_major", reported.compute_capability_major, truth.major),
      compare_field("compute_capability_minor", reported.compute_capability_minor, truth.minor),
      compare_field("multiprocessor_count", reported.multiprocessor_count,
                    truth.multiProcessorCount),
      compare_field("global_memory_bytes", reported.global_memory_bytes, truth.totalGlobalMem),
      compare_field("l2_cache_bytes", reported.l2_cache_bytes, truth.l2CacheSize),
      compare_field("memory_bus_width_bits", reported.memory_bus_width_bits, truth.memoryBusWidth),
      compare_field("sm_clock_khz", reported.sm_clock_khz, sm_clock_khz),
      compare_field("memory_clock_khz", reported.memory_clock_khz, memory_clock_khz),
  };
  const gpucheck::fields_compared compared = gpucheck::compare_fields(fields);
  const gpucheck::compared_field* first_wrong = compared.first_wrong;
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l00.query-device.name", {{"device", std::to_string(device)}});
  outcome.passed = first_wrong == nullptr;
  outcome.expected = gpucheck::say("check.l00.query-device.expected",
                                   {{"name", std::string(truth.name)},
                                    {"sms", std::to_string(truth.multiProcessorCount)},
                                    {"major", std::to_string(truth.major)},
                                    {"minor", std::to_string(truth.minor)}});
  outcome.measured =
      reported.name.empty() ? gpucheck::say("check.l00.query-device.empty-name") : reported.name;
  if (first_wrong != nullptr) {
    outcome.message =
        gpucheck::say("check.l00.query-device.fields-differ", {{"fields", compared.wrong_names},
                                                               {"field", first_wrong->name},
                                                               {"truth", first_wrong->truth},
                                                               {"yours", first_wrong->reported}});
    outcome.hint = gpucheck::say("check.l00.query-device.hint");
    outcome.lesson_section = std::string(lesson) + "#know-your-gpu";
    gpucheck::name_field_slip(outcome, *first_wrong, fields); // a swap, a unit
  }
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("cuda_error_message names the file, the line, the error and the call") {
  const failing_call call = make_a_call_fail();
  const std::string file =
      "kernel_" + std::to_string(static_cast<int>(gpucheck::random_between(1.0, 100.0))) + ".cu";
  const int line = static_cast<int>(gpucheck::random_between(10.0, 10000.0));
  const std::string message = cuda_error_message(call.error, call.text.c_str(), file.c_str(), line);
  const std::string success_message =
      cuda_error_message(cudaSuccess, "cudaFree(nullptr)", file.c_str(), line);

  std::vector<std::string> missing;
  for (const std::string& part :
       {file + ":" + std::to_string(line), std::string(cudaGetErrorName(call.error)), call.text}) {
    if (!contains(message, part)) {
      missing.push_back(part);
    }
  }
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l00.error-message.name");
  outcome.passed = missing.empty() && success_message.empty();
  outcome.expected = gpucheck::say(
      "check.l00.error-message.expected",
      {{"where", file + ":" + std::to_string(line)}, {"error", cudaGetErrorName(call.error)}});
  outcome.measured =
      message.empty() ? gpucheck::say("check.l00.error-message.empty") : "\"" + message + "\"";
  if (message.empty()) {
    outcome.message = gpucheck::say("check.l00.error-message.unnoticed",
                                    {{"call", call.text}, {"error", cudaGetErrorName(call.error)}});
    outcome.hint = gpucheck::say("check.l00.error-message.unnoticed-hint");
  } else if (!missing.empty()) {
    outcome.message = gpucheck::say("check.l00.error-message.lacks", {{"part", missing.front()}});
    outcome.hint = gpucheck::say("check.l00.error-message.lacks-hint");
  } else if (!success_message.empty()) {
    outcome.message =
        gpucheck::say("check.l00.error-message.success", {{"message", success_message}});
    outcome.hint = gpucheck::say("check.l00.error-message.success-hint");
  }
  outcome.states_what_was_seen = !outcome.passed; // what the student's code returned
  outcome.lesson_section = outcome.passed ? "" : std::string(lesson) + "#check-every-cuda-call";
  CHECK(gpucheck::report(outcome));
}

GPU_TEST_CASE("CHECKED catches a failed cudaMemcpy and lets a good one through") {
  gpucourse::device_buffer<float> floats(16);
  std::vector<float> host(16, 1.0f);
  const bool good =
      CHECKED(cudaMemcpy(floats.data(), host.data(), floats.bytes(), cudaMemcpyHostToDevice));
  const bool bad =
      CHECKED(cudaMemcpy(floats.data(), nullptr, floats.bytes(), cudaMemcpyHostToDevice));
  cudaGetLastError();
  gpucheck::check_outcome outcome;
  outcome.name = gpucheck::say("check.l00.checked.name");
  outcome.passed = good && !bad;
  outcome.expected = gpucheck::say("check.l00.checked.expected");
  outcome.measured = gpucheck::say("check.l00.checked.measured",
                                   {{"good", true_or_false(good)}, {"bad", true_or_false(bad)}});
  if (bad) {
    outcome.message = gpucheck::say("check.l00.checked.said-success");
    outcome.hint = gpucheck::say("check.l00.checked.said-success-hint");
  } else if (!good) {
    outcome.message = gpucheck::say("check.l00.checked.said-failure");
    outcome.hint = gpucheck::say("check.l00.checked.said-failure-hint");
  }
  outcome.states_what_was_seen = !outcome.passed; // what the student's code returned
  outcome.lesson_section = outcome.passed ? "" : std::string(lesson) + "#check-every-cuda-call";
  CHECK(gpucheck::report(outcome));
}

// ---------------------------------------------------------------------------------------------
// time_copy_ms: one host-to-device copy, from pageable and from pinned memory.

namespace {

// The copy's truth is the checker's own timing of the same copy (events on the copy's stream),
// so noise moves it as well as the student's number. A correct host-clock timing adds a
// synchronize round trip and the first piece's staging (tens of microseconds); a pageable copy's
// time depends on the host's own memory copies into the staging buffer (8.6 against 11.5 GB/s at
// two sizes in the recorded pinned run, and 47 against 70 ms for the same job in two processes),
// so the relative margin is wide. The mistakes to catch are far larger: a copy still running when
// the clock stopped reads under a tenth of the truth, a pinning or an allocation inside the
// timing several times it, a partial copy a fraction of it.
constexpr gpucheck::time_tolerance copy_tolerance{/*relative=*/0.35, /*absolute_ms=*/0.1};
constexpr int copy_trials = 4;
constexpr std::size_t largest_copy_bytes = std::size_t{128} << 20;

// The median of three event timings of the same copy on the legacy default stream: the stream
// cudaMemcpy uses.
double checker_copy_ms(void* destination, const void* source, std::size_t bytes) {
  return gpucheck::median_event_ms(
      [&](cudaStream_t stream) {
        CUDA_CHECK(cudaMemcpyAsync(destination, source, bytes, cudaMemcpyHostToDevice, stream));
      },
      nullptr, 3);
}

// Host memory of one kind, and a GPU buffer to copy it into.
struct copy_setup {
  const char* kind;      // "pinned" or "pageable"
  unsigned char* source; // host memory of that kind
  gpucourse::device_buffer<unsigned char>& destination;
  std::vector<unsigned char>& read_back; // the destination, copied back to check it
};

// The kind of host memory, for the report: "pinned" or "pageable" in the student's language.
std::string memory_words(const std::string& kind) {
  return kind == "pinned" ? gpucheck::say("check.l00.memory.pinned")
                          : gpucheck::say("check.l00.memory.pageable");
}

using gpucheck::copy_trial;

// One call of time_copy_ms on a size drawn afresh, between two of the checker's timings of it.
copy_trial time_one_copy(const copy_setup& setup) {
  const std::size_t bytes =
      static_cast<std::size_t>(gpucheck::random_between(32.0, 128.0) * (1 << 20)) / 4 * 4;
  const std::uint32_t seed = gpucheck::fill_with_pattern(setup.source, bytes);
  const double before_ms = checker_copy_ms(setup.destination.data(), setup.source, bytes);
  CUDA_CHECK(cudaMemset(setup.destination.data(), 0, bytes));
  CUDA_CHECK(cudaDeviceSynchronize());

  copy_trial trial;
  trial.timing.work = gpucheck::say("check.l00.copy.work", {{"mib", std::to_string(bytes >> 20)},
                                                            {"memory", memory_words(setup.kind)}});
  trial.timing.tolerance = copy_tolerance;
  trial.timing.own_clock = false; // the truth is another measurement, not the copy's own clock
  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  trial.timing.call = gpucheck::call_timed(
      [&] { return time_copy_ms(setup.destination.data(), setup.source, bytes); });
  trial.timing.read_cpu_clock = gpucheck::cpu_clock_read_since(clock_reads_before);
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(
      cudaMemcpy(setup.read_back.data(), setup.destination.data(), bytes, cudaMemcpyDeviceToHost));
  trial.copied = gpucheck::holds_pattern(setup.read_back.data(), bytes, seed);
  const double after_ms = checker_copy_ms(setup.destination.data(), setup.source, bytes);
  trial.timing.truth_ms = (before_ms + after_ms) / 2;
  trial.fastest_ms = std::min(before_ms, after_ms);
  trial.timing.call.truth_ms = trial.timing.truth_ms;
  trial.timing.reported_ms = trial.timing.call.reported_ms;
  return trial;
}

void check_copy_timing(const char* kind, unsigned char* source) {
  gpucourse::device_buffer<unsigned char> destination(largest_copy_bytes);
  std::vector<unsigned char> read_back(largest_copy_bytes);
  const copy_setup setup{kind, source, destination, read_back};
  checker_copy_ms(destination.data(), source, 1 << 20); // a first copy, untimed
  gpucheck::timing_words words;
  words.name = gpucheck::say("check.l00.copy.name", {{"memory", memory_words(kind)}});
  words.section = std::string(lesson) + "#pageable-and-pinned-memory";
  words.zero_hint = gpucheck::say("check.l00.copy.zero-hint");
  words.wrong_hint = gpucheck::say("check.l00.copy.wrong-hint");
  std::vector<copy_trial> last_round;
  gpucheck::check_outcome outcome = gpucheck::judge_timing_twice(
      [&] { return gpucheck::run_trials(copy_trials, [&] { return time_one_copy(setup); }); },
      words, /*allowed_misses=*/1, last_round);
  // Bytes that did not arrive, a unit, a copy ten times too fast (judgement/copy_facts.hpp).
  gpucheck::name_copy_facts(outcome, last_round, copy_tolerance, words.section);
  CHECK(gpucheck::report(outcome));
}

} // namespace

GPU_TEST_CASE("time_copy_ms times a copy from pageable memory") {
  std::vector<unsigned char> pageable(largest_copy_bytes);
  check_copy_timing("pageable", pageable.data());
}

GPU_TEST_CASE("time_copy_ms times a copy from pinned memory") {
  gpucourse::pinned_buffer<unsigned char> pinned(largest_copy_bytes);
  check_copy_timing("pinned", pinned.data());
}

// ---------------------------------------------------------------------------------------------
// break_even_elements: against the model of lesson.md (judgement/break_even.hpp), on costs drawn
// at random.

TEST_CASE("break_even_elements predicts where the GPU job overtakes the CPU loop") {
  const std::vector<gpucheck::break_even_costs> draws = gpucheck::draw_break_even_costs();
  std::vector<double> predictions;
  for (const gpucheck::break_even_costs& c : draws) {
    predictions.push_back(
        break_even_elements(saxpy_costs{c.cpu_ns_per_element, c.gpu_fixed_ms, c.copy_gb_per_s}));
  }
  gpucheck::check_outcome outcome = gpucheck::judge_break_even(
      draws, predictions, std::string(lesson) + "#where-the-lines-cross");
  outcome.name = gpucheck::say("check.l00.break-even.name");
  CHECK(gpucheck::report(outcome));
}

// ---------------------------------------------------------------------------------------------
// compare_host_memory: the student allocates pageable and pinned memory, and times a copy from
// each; the truth is the checker's own event timings of the same copy from its own memory of each
// kind, taken before and after the call, as for time_copy_ms.

namespace {

// The copy of `bytes` bytes into `destination`, timed by the checker around the student's call:
// the mean of a median before and one after (noise moves it with the student's number).
struct copy_truth {
  double before_ms = 0;
  double after_ms = 0;
};

// One call of compare_host_memory on a size and a content drawn afresh. The student's two copies
// land in two GPU buffers zeroed before the call, read back after it against the content's
// pattern; each number is held to the checker's copies from its own memory of that kind.
gpucheck::memory_trial compare_one_size(const unsigned char* pinned_source,
                                        unsigned char* pageable_source,
                                        gpucourse::device_buffer<unsigned char>& from_pageable,
                                        gpucourse::device_buffer<unsigned char>& from_pinned,
                                        std::vector<unsigned char>& read_back) {
  const std::size_t bytes =
      static_cast<std::size_t>(gpucheck::random_between(32.0, 128.0) * (1 << 20)) / 4 * 4;
  const std::uint32_t seed = gpucheck::fill_with_pattern(pageable_source, bytes);
  copy_truth pageable{checker_copy_ms(from_pageable.data(), pageable_source, bytes)};
  copy_truth pinned{checker_copy_ms(from_pinned.data(), pinned_source, bytes)};
  CUDA_CHECK(cudaMemset(from_pageable.data(), 0, bytes));
  CUDA_CHECK(cudaMemset(from_pinned.data(), 0, bytes));
  CUDA_CHECK(cudaDeviceSynchronize());

  const auto clock_reads_before = gpucheck::cpu_clock_reads();
  host_copy_times times;
  const gpucheck::timed_call call = gpucheck::call_timed([&] {
    times = compare_host_memory(pageable_source, bytes, from_pageable.data(), from_pinned.data());
    return times.pinned_ms;
  });
  const gpucheck::cpu_clock read_cpu_clock = gpucheck::cpu_clock_read_since(clock_reads_before);
  CUDA_CHECK(cudaDeviceSynchronize());
  const auto arrived = [&](gpucourse::device_buffer<unsigned char>& destination) {
    CUDA_CHECK(cudaMemcpy(read_back.data(), destination.data(), bytes, cudaMemcpyDeviceToHost));
    return gpucheck::holds_pattern(read_back.data(), bytes, seed);
  };
  const bool pageable_arrived = arrived(from_pageable);
  const bool pinned_arrived = arrived(from_pinned);
  pageable.after_ms = checker_copy_ms(from_pageable.data(), pageable_source, bytes);
  pinned.after_ms = checker_copy_ms(from_pinned.data(), pinned_source, bytes);

  // Each kind a copy_trial of its own, on the same call: its number and its truth.
  const auto trial_of = [&](const std::string& kind, double reported_ms, const copy_truth& truth,
                            bool copied) {
    gpucheck::copy_trial trial;
    trial.timing.work = gpucheck::say("check.l00.copy.work", {{"mib", std::to_string(bytes >> 20)},
                                                              {"memory", memory_words(kind)}});
    trial.timing.tolerance = copy_tolerance;
    trial.timing.own_clock = false; // the truth is another measurement, not the copy's own clock
    trial.timing.read_cpu_clock = read_cpu_clock;
    trial.timing.truth_ms = (truth.before_ms + truth.after_ms) / 2;
    trial.timing.reported_ms = reported_ms;
    trial.timing.call = call;
    trial.timing.call.reported_ms = reported_ms;
    trial.timing.call.truth_ms = trial.timing.truth_ms;
    trial.fastest_ms = std::min(truth.before_ms, truth.after_ms);
    trial.copied = copied;
    return trial;
  };
  return {trial_of("pageable", times.pageable_ms, pageable, pageable_arrived),
          trial_of("pinned", times.pinned_ms, pinned, pinned_arrived)};
}

} // namespace

// Last in the program: the replay of an earlier test case's failure stops before it.
GPU_TEST_CASE("compare_host_memory times a copy from each kind of host memory it allocated") {
  std::vector<unsigned char> pageable_source(largest_copy_bytes);
  gpucourse::pinned_buffer<unsigned char> pinned_source(largest_copy_bytes);
  gpucourse::device_buffer<unsigned char> from_pageable(largest_copy_bytes);
  gpucourse::device_buffer<unsigned char> from_pinned(largest_copy_bytes);
  std::vector<unsigned char> read_back(largest_copy_bytes);
  checker_copy_ms(from_pinned.data(), pinned_source.data(), 1 << 20); // a first copy, untimed
  // Each kind's time within 35% or 0.1 ms of the checker's (copy_tolerance), 3 trials of 4, the
  // bytes arrived; a kind read as the other in every trial is named (judgement/memory_comparison).
  // A failure that noise could explain is judged again on fresh trials.
  const auto one_trial = [&] {
    return compare_one_size(pinned_source.data(), pageable_source.data(), from_pageable,
                            from_pinned, read_back);
  };
  CHECK(gpucheck::report(gpucheck::judge_twice([&] {
    return gpucheck::judge_memory_comparison(gpucheck::run_trials(copy_trials, one_trial),
                                             copy_tolerance,
                                             std::string(lesson) + "#pageable-and-pinned-memory",
                                             /*allowed_misses=*/1);
  })));
}
