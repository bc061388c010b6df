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

} // namespace gpucheck
