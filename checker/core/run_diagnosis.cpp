// SPDX-License-Identifier: MIT
#include "core/run_diagnosis.hpp"

#include <regex>

namespace gpucheck {

std::optional<cuda_error_seen> find_cuda_error(const std::string& output) {
  // CUDA_CHECK (lessons/common/cuda_check.cuh): "file:12: CUDA error cudaErrorX (description)".
  static const std::regex named(R"((cudaError[A-Za-z]+)(?:\s*\(([^)\n]*)\))?)");
  // A kernel's bad memory access: which error it raises depends on where the address falls (an
  // out-of-bounds write on an H200 was reported as cudaErrorInvalidAddressSpace), so all of them.
  static const std::regex illegal(
      R"(an illegal memory access|illegal address|misaligned address|cudaErrorIllegalAddress)"
      R"(|cudaErrorMisalignedAddress|cudaErrorInvalidAddressSpace|not supported on global/shared)",
      std::regex::icase);
  std::smatch match;
  cuda_error_seen seen;
  bool found = false;
  if (std::regex_search(output, match, named)) {
    seen.name = match[1];
    seen.description = match[2];
    found = true;
    // CUDA_CHECK's second line names the call: "    in: cudaDeviceSynchronize()".
    static const std::regex call_line(R"(^\n\s*in: ([^\n]+))");
    std::smatch call;
    const std::string after = match.suffix();
    if (std::regex_search(after, call, call_line)) {
      seen.call = call[1];
    }
  }
  if (std::regex_search(output, illegal)) {
    seen.illegal_address = true;
    if (seen.description.empty()) {
      seen.description = "an illegal memory access was encountered";
    }
    found = true;
  }
  if (!found) {
    return std::nullopt;
  }
  return seen;
}

std::optional<std::string> advice_for_cuda_error(const cuda_error_seen& error) {
  const auto called = [&](const char* function) {
    return error.call.find(function) != std::string::npos;
  };
  const bool elapsed_time = error.call.empty() || called("cudaEventElapsedTime");
  if (error.name == "cudaErrorNotReady" &&
      (called("cudaEventQuery") || called("cudaStreamQuery"))) {
    return "A query answers cudaErrorNotReady while the work is still running: that is an answer, "
           "not an error, so a polling query must not stop the program (no CUDA_CHECK around "
           "it). To simply wait, call cudaEventSynchronize(stop) instead.";
  }
  if (error.name == "cudaErrorNotReady" && elapsed_time) {
    return "cudaEventElapsedTime was called before both of its events had happened on the GPU: "
           "the work before them was still running, so there was no time to read yet (rule "
           "event-not-complete). Wait for the stop event first, cudaEventSynchronize(stop), and "
           "record both events on the stream that carries the work, so that the stop cannot "
           "happen before the start.";
  }
  if (error.name == "cudaErrorInvalidResourceHandle" && called("cudaEventElapsedTime")) {
    return "cudaEventElapsedTime needs two events that were both recorded and both created to "
           "time: one was never recorded (cudaEventRecord), was already destroyed, or was "
           "created with cudaEventDisableTiming (rule event-timing-disabled). Create timing "
           "events (gpucourse::cuda_event) and record both before you read them.";
  }
  if (error.name == "cudaErrorContextIsDestroyed") {
    return "The CUDA context the checks were using was destroyed while they ran: something called "
           "cudaDeviceReset(). A timing function must leave the device as it found it; remove "
           "the reset.";
  }
  if (error.name == "cudaErrorMemoryAllocation") {
    return "The GPU ran out of memory: an allocation larger than the card, or memory allocated "
           "on every call and never freed. Allocate once, and let an owner free it "
           "(gpucourse::device_buffer in cuda_raii.cuh).";
  }
  return std::nullopt;
}

std::optional<std::string> find_uncaught_exception(const std::string& output) {
  // doctest says "test case THREW exception: <what>" when the exception left the test case, and
  // "CHECK( <expression> ) THREW exception: \"<what>\"" when it left a checked expression.
  static const std::string marker = "THREW exception: ";
  const auto found = output.find(marker);
  if (found == std::string::npos) {
    return std::nullopt;
  }
  const auto start = found + marker.size();
  const auto end = output.find('\n', start);
  std::string what =
      output.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (what.size() >= 2 && what.front() == '"' && what.back() == '"') {
    what = what.substr(1, what.size() - 2);
  }
  return what;
}

} // namespace gpucheck
