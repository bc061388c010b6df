// SPDX-License-Identifier: MIT
#include "core/exit_codes.hpp"

namespace gpucheck {

const char* exit_code_name(exit_code code) {
  switch (code) {
  case exit_code::pass:
    return "pass";
  case exit_code::wrong:
    return "fail";
  case exit_code::usage:
    return "usage";
  case exit_code::build_failed:
    return "build-failed";
  case exit_code::crashed:
    return "crashed";
  case exit_code::inconclusive:
    return "inconclusive";
  case exit_code::no_device:
    return "no-device";
  }
  return "unknown";
}

} // namespace gpucheck
