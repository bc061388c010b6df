// SPDX-License-Identifier: MIT
#include "core/run_diagnosis.hpp"

#include "messages/messages.hpp"

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
    return messages::text("advice.query-not-ready");
  }
  if (error.name == "cudaErrorNotReady" && elapsed_time) {
    return messages::text("advice.elapsed-not-ready");
  }
  if (error.name == "cudaErrorInvalidResourceHandle" && called("cudaEventElapsedTime")) {
    return messages::text("advice.elapsed-bad-event");
  }
  // CUDA graphs: a capture that could not begin (on the legacy stream, which the
  // runtime reference says capture may not be initiated on), and the legacy stream used while
  // another stream was capturing.
  if (called("cudaStreamBeginCapture")) {
    return messages::text("advice.capture-not-begun");
  }
  if (error.name == "cudaErrorStreamCaptureImplicit") {
    return messages::text("advice.capture-implicit");
  }
  if (error.name == "cudaErrorContextIsDestroyed") {
    return messages::text("advice.context-destroyed");
  }
  if (error.name == "cudaErrorMemoryAllocation") {
    return messages::text("advice.out-of-memory");
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
