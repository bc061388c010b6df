// SPDX-License-Identifier: MIT
// What a check program's output says about why it stopped early: a CUDA error (by name, from
// CUDA_CHECK's message or CUDA's own words), and whether it was an illegal memory access, which
// compute-sanitizer can locate (make check LESSON=N SANITIZE=1).
#pragma once

#include <optional>
#include <string>

namespace gpucheck {

struct cuda_error_seen {
  std::string name;             // "cudaErrorIllegalAddress"; empty when only the text was found
  std::string description;      // "an illegal memory access was encountered"
  bool illegal_address = false; // a kernel read or wrote outside its memory
  std::string
      call; // "cudaEventElapsedTime(&ms, start, stop)", as CUDA_CHECK named it; may be empty
};

// The first CUDA error that `output` reports, if any.
std::optional<cuda_error_seen> find_cuda_error(const std::string& output);

// What to do about a CUDA error whose usual cause in these lessons is known (an elapsed time asked
// for before the stop event happened, events that cannot time, a device reset, memory run out),
// naming the timing rule where there is one; nullopt for any other error.
std::optional<std::string> advice_for_cuda_error(const cuda_error_seen& error);

// What a C++ exception that left a check said (its what()), when one did: doctest catches it,
// fails the check that was running and prints "THREW exception: <what>".
std::optional<std::string> find_uncaught_exception(const std::string& output);

} // namespace gpucheck
