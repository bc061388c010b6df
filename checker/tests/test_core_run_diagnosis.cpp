// SPDX-License-Identifier: MIT
// What gpucheck says about a CUDA error that stopped a check program: the call CUDA_CHECK named,
// and advice for the errors that timing mistakes cause (the lines are CUDA_CHECK's own format,
// lessons/common/cuda_check.cuh, with CUDA's descriptions as CUDA 13.0 prints them).
#include "core/run_diagnosis.hpp"

#include <doctest/doctest.h>

namespace {

gpucheck::cuda_error_seen seen_in(const std::string& output) {
  const auto error = gpucheck::find_cuda_error(output);
  REQUIRE(error.has_value());
  return *error;
}

bool says(const std::optional<std::string>& advice, const std::string& words) {
  return advice.has_value() && advice->find(words) != std::string::npos;
}

} // namespace

TEST_CASE("the failing call that CUDA_CHECK named is kept") {
  const auto error = seen_in("exercise.cu:31: CUDA error cudaErrorNotReady (device not ready)\n"
                             "    in: cudaEventElapsedTime(&ms, start, stop)\n");
  CHECK(error.name == "cudaErrorNotReady");
  CHECK(error.call == "cudaEventElapsedTime(&ms, start, stop)");
  CHECK(
      seen_in("CUDA error cudaErrorNoDevice (no CUDA-capable device is detected)\n").call.empty());
}

TEST_CASE("an elapsed time read before the stop event happened is event-not-complete") {
  const auto advice = gpucheck::advice_for_cuda_error(
      seen_in("exercise.cu:31: CUDA error cudaErrorNotReady (device not ready)\n"
              "    in: cudaEventElapsedTime(&ms, start, stop)\n"));
  CHECK(says(advice, "event-not-complete"));
  CHECK(says(advice, "cudaEventSynchronize(stop)"));
}

TEST_CASE("a polling query's 'not ready' is an answer, not an error") {
  const auto advice = gpucheck::advice_for_cuda_error(
      seen_in("exercise.cu:40: CUDA error cudaErrorNotReady (device not ready)\n"
              "    in: cudaEventQuery(stop)\n"));
  CHECK(says(advice, "an answer, not an error"));
  CHECK_FALSE(says(advice, "event-not-complete"));
}

TEST_CASE("events that cannot time are event-timing-disabled") {
  const auto advice = gpucheck::advice_for_cuda_error(seen_in(
      "exercise.cu:33: CUDA error cudaErrorInvalidResourceHandle (invalid resource handle)\n"
      "    in: cudaEventElapsedTime(&ms, start, stop)\n"));
  CHECK(says(advice, "event-timing-disabled"));
  SUBCASE("the same error from another call is not blamed on the events") {
    CHECK_FALSE(gpucheck::advice_for_cuda_error(
                    seen_in("x.cu:9: CUDA error cudaErrorInvalidResourceHandle (invalid resource "
                            "handle)\n    in: cudaStreamSynchronize(stream)\n"))
                    .has_value());
  }
}

TEST_CASE("a reset device and an exhausted memory are named with their cause") {
  CHECK(says(gpucheck::advice_for_cuda_error(
                 seen_in("x.cu:12: CUDA error cudaErrorContextIsDestroyed (context is destroyed)\n"
                         "    in: cudaEventRecord(start, stream)\n")),
             "cudaDeviceReset()"));
  CHECK(says(gpucheck::advice_for_cuda_error(
                 seen_in("x.cu:20: CUDA error cudaErrorMemoryAllocation (out of memory)\n"
                         "    in: cudaMalloc(&p, bytes)\n")),
             "ran out of memory"));
}

TEST_CASE("a capture that could not begin is sent to a stream of one's own") {
  // The error's name is not yet read on a GPU (the runtime reference lists cudaErrorInvalidValue
  // for cudaStreamBeginCapture): the call decides.
  CHECK(says(gpucheck::advice_for_cuda_error(seen_in(
                 "exercise.cu:29: CUDA error cudaErrorStreamCaptureUnsupported (operation not "
                 "permitted when stream is capturing)\n"
                 "    in: cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal)\n")),
             "legacy default stream"));
  CHECK(says(gpucheck::advice_for_cuda_error(
                 seen_in("exercise.cu:29: CUDA error cudaErrorInvalidValue (invalid argument)\n"
                         "    in: cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal)\n")),
             "cudaStreamEndCapture"));
  CHECK(says(gpucheck::advice_for_cuda_error(seen_in(
                 "exercise.h:38: CUDA error cudaErrorStreamCaptureImplicit (operation would make "
                 "the legacy stream depend on a capturing blocking stream)\n"
                 "    in: cudaGetLastError()\n")),
             "capturing stream itself"));
}

TEST_CASE("other CUDA errors get no made-up advice") {
  CHECK_FALSE(gpucheck::advice_for_cuda_error(
                  seen_in("x.cu:3: CUDA error cudaErrorInvalidValue (invalid argument)\n"
                          "    in: cudaMemcpy(d, h, n, cudaMemcpyHostToDevice)\n"))
                  .has_value());
}
