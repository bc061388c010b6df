// SPDX-License-Identifier: MIT
// How many runs of the work an interval holds, as the trace shows them: its launches (a kernel
// launch, a copy, a graph launch: every piece of GPU work one call queued counts once). A loop of
// `work(stream)` calls repeats the launches of one run; a launch made once (an L2 flush before the
// loop, a copy of the inputs) is no run. A graph launch, whatever it holds, is one run.
#pragma once

#include "rules/detail/interval_facts.hpp"
#include "rules/detail/trace_index.hpp"

namespace gpucheck::rules::detail {

// The runs in `facts`: the fewest times any launch that repeats was made (launches alike queue the
// same kernels, copies or graph). A run of two kernels makes each of them once a run; a flush made
// once is left out. 0 for an interval with no GPU work; 1 when no launch repeats.
int runs_in(const trace_index& index, const interval_facts& facts);

// What `interval` measured [ms], as exactly as the program got it: cudaEventElapsedTime's float
// as it was written (not rounded to the nanosecond), or the two clock reads' difference.
double measured_ms_of(const trace_index& index, const timed_interval& interval);

// Whether `returned_ms` is `measured_ms` divided by `divisor`, to the precision the two carry.
// They are one measurement: the trace holds the float cudaEventElapsedTime wrote, or the clock
// reads to the nanosecond, and a function that divides in double returns the quotient to 1e-15
// of itself, in float to 6e-8 (2^-24). 1e-6 leaves a margin of 16 over float's, and is a hundred
// times below what separates two samples of one loop (events resolve about 0.5 us, 5e-4 of a
// 1 ms sample), so a divisor one away never fits by chance of the measurement.
bool divided_exactly(double returned_ms, double measured_ms, int divisor);

} // namespace gpucheck::rules::detail
