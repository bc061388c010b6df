// SPDX-License-Identifier: MIT
// Lesson 00's checks: the student's device summary against what the CUDA runtime reports, and the
// student's error messages against CUDA calls made to fail on purpose (a different one each run).
#include "checkapi/check.cuh"
#include "cuda_check.cuh"
#include "cuda_raii.cuh"
#include "exercise.h"

#include <cmath>
#include <string>
#include <vector>

namespace {

constexpr char lesson[] = "lessons/00-setup/lesson.md";

// One field of the summary: its name, what the student reported, what the runtime says.
struct field {
  const char* name;
  std::string reported;
  std::string truth;
};

template <typename T> field make_field(const char* name, T reported, T truth) {
  if constexpr (std::is_same_v<T, std::string>) {
    return {name, reported, truth};
  } else {
    return {name, std::to_string(reported), std::to_string(truth)};
  }
}

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
  const std::vector<field> fields = {
      make_field("name", reported.name, std::string(truth.name)),
      make_field("compute_capability_major", reported.compute_capability_major, truth.major),
      make_field("compute_capability_minor", reported.compute_capability_minor, truth.minor),
      make_field("multiprocessor_count", reported.multiprocessor_count, truth.multiProcessorCount),
      make_field("global_memory_bytes", reported.global_memory_bytes, truth.totalGlobalMem),
      make_field("l2_cache_bytes", reported.l2_cache_bytes, truth.l2CacheSize),
      make_field("memory_bus_width_bits", reported.memory_bus_width_bits, truth.memoryBusWidth),
      make_field("sm_clock_khz", reported.sm_clock_khz, sm_clock_khz),
      make_field("memory_clock_khz", reported.memory_clock_khz, memory_clock_khz),
  };
  std::string wrong;
  const field* first_wrong = nullptr;
  for (const field& f : fields) {
    if (f.reported != f.truth) {
      wrong += (wrong.empty() ? "" : ", ") + std::string(f.name);
      first_wrong = first_wrong != nullptr ? first_wrong : &f;
    }
  }
  gpucheck::check_outcome outcome;
  outcome.name = "query_device(" + std::to_string(device) + ") fills every field correctly";
  outcome.passed = first_wrong == nullptr;
  outcome.expected = std::string(truth.name) + ", " + std::to_string(truth.multiProcessorCount) +
                     " SMs, compute capability " + std::to_string(truth.major) + "." +
                     std::to_string(truth.minor);
  outcome.measured = reported.name.empty() ? "an empty name" : reported.name;
  if (first_wrong != nullptr) {
    outcome.message = "these fields differ from what the runtime reports: " + wrong + " (" +
                      first_wrong->name + " should be " + first_wrong->truth + ", yours is " +
                      first_wrong->reported + ").";
    outcome.hint = "Call cudaGetDeviceProperties(&properties, device) and copy each field; the "
                   "two clocks come from cudaDeviceGetAttribute (cudaDevAttrClockRate, "
                   "cudaDevAttrMemoryClockRate).";
    outcome.lesson_section = std::string(lesson) + "#know-your-gpu";
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
  outcome.name = "cuda_error_message describes a failed call, and says nothing for a success";
  outcome.passed = missing.empty() && success_message.empty();
  outcome.expected = "a message containing \"" + file + ":" + std::to_string(line) + "\", \"" +
                     cudaGetErrorName(call.error) + "\" and the call's text";
  outcome.measured = message.empty() ? "an empty message" : "\"" + message + "\"";
  if (message.empty()) {
    outcome.message = call.text + " failed with " + cudaGetErrorName(call.error) +
                      ", and your function returned \"\": the error would go unnoticed.";
    outcome.hint = "Compare `error` with cudaSuccess; when it differs, build the message from "
                   "file, line, cudaGetErrorName(error), cudaGetErrorString(error) and call.";
  } else if (!missing.empty()) {
    outcome.message = "your message lacks \"" + missing.front() + "\".";
    outcome.hint = "Format it as file:line: CUDA error NAME (description) in: call.";
  } else if (!success_message.empty()) {
    outcome.message = "for cudaSuccess your function returned \"" + success_message +
                      "\": a success needs no message.";
    outcome.hint = "Return \"\" when error == cudaSuccess.";
  }
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
  outcome.name = "check_cuda returns false for a failed call and true for a good one";
  outcome.passed = good && !bad;
  outcome.expected = "true for a copy from a real buffer, false for a copy from nullptr";
  outcome.measured = std::string(good ? "true" : "false") + " and " + (bad ? "true" : "false");
  if (bad) {
    outcome.message = "a copy from a null pointer failed (cudaErrorInvalidValue), and check_cuda "
                      "said it succeeded: a program using it would go on with garbage.";
    outcome.hint = "Return error == cudaSuccess, and print cuda_error_message(...) to stderr when "
                   "it is not.";
  } else if (!good) {
    outcome.message = "check_cuda returned false for a copy that succeeded.";
    outcome.hint = "Only an error other than cudaSuccess is a failure.";
  }
  outcome.lesson_section = outcome.passed ? "" : std::string(lesson) + "#check-every-cuda-call";
  CHECK(gpucheck::report(outcome));
}
