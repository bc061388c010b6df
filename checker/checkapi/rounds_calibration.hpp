// SPDX-License-Identifier: MIT
// How much arithmetic per item makes a check's kernel last a given time on this GPU. A check that
// overlaps copies with a kernel gains most when the kernel lasts as long as one copy; the
// arithmetic that takes depends on the GPU, so the check measures it rather than
// assuming it. Plain C++: the timing is the caller's (events on its stream), so the search can be
// tested without a GPU.
#pragma once

#include <algorithm>

namespace gpucheck {

// The rounds of arithmetic per item that make the kernel last about target_ms. Two steps of
// proportion from `first_rounds`: the first finds the scale; the second corrects it, because
// a kernel's time is proportional to its rounds only once arithmetic, not memory, limits it
// (at few rounds the time is the memory traffic's, whatever the rounds). time_ms_at(rounds)
// times the kernel at those rounds (after a warm-up the caller has run). Kept within
// [min_rounds, max_rounds] so that a failed timing (0 ms, or a neighbour's stall) cannot ask for
// no work or for minutes of it.
template <class TimeAtRounds>
int rounds_lasting(double target_ms, TimeAtRounds&& time_ms_at, int first_rounds = 256,
                   int min_rounds = 16, int max_rounds = 8192) {
  const auto step = [&](int rounds) {
    const double ms = std::max(static_cast<double>(time_ms_at(rounds)), 1e-3);
    return std::clamp(static_cast<int>(rounds * target_ms / ms), min_rounds, max_rounds);
  };
  return step(step(first_rounds));
}

} // namespace gpucheck
