// SPDX-License-Identifier: MIT
// Durations as a reader wants them on a picture: three significant digits and the unit that
// keeps the number between 1 and 999 ("41.2 µs", "2.59 ms", "19.8 ms", "1.25 s").
#pragma once

#include "trace_model/trace.hpp"

#include <string>

namespace gpucheck::report::detail {

std::string duration_text(trace::time_ns duration_ns);

} // namespace gpucheck::report::detail
