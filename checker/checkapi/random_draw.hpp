// SPDX-License-Identifier: MIT
/// @file random_draw.hpp
/// @brief Fresh random inputs for every run, so that no constant answer can pass a check.
#pragma once

#include <cstdint>

namespace gpucheck {

/// A number drawn uniformly from [low, high), from a generator seeded from std::random_device
/// once per process (so every run of a check sees different values).
double random_between(double low, double high);

/// The seed of this process's generator, printed by the checker so that a run can be replayed.
std::uint64_t random_seed();

/// Starts the generator afresh for one part of the run (a doctest test case, by its place: the
/// listener in test_case_counter.hpp calls this), from random_seed() and `part` alone. What a part
/// draws then does not depend on how much the parts before it drew: gpucheck's traced replay,
/// which ends a check's trials at its first wrong one (timing_trials.hpp), draws in every later
/// test case what the verdict's run drew there.
void draw_afresh_for(std::uint64_t part);

} // namespace gpucheck
