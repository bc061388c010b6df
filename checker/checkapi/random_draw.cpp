// SPDX-License-Identifier: MIT
#include "checkapi/random_draw.hpp"

#include <cstdlib>
#include <random>

namespace gpucheck {
namespace {

// GPUCHECK_SEED replays a run; otherwise every process draws a new seed.
std::uint64_t initial_seed() {
  if (const char* forced = std::getenv("GPUCHECK_SEED"); forced != nullptr && *forced != '\0') {
    return std::strtoull(forced, nullptr, 10);
  }
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::mt19937_64& generator() {
  static std::mt19937_64 engine(random_seed());
  return engine;
}

} // namespace

std::uint64_t random_seed() {
  static const std::uint64_t seed = initial_seed();
  return seed;
}

void draw_afresh_for(std::uint64_t part) {
  // SplitMix64's finalizer: nearby parts get unrelated seeds.
  std::uint64_t z = random_seed() + 0x9e3779b97f4a7c15ULL * (part + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  generator().seed(z ^ (z >> 31));
}

double random_between(double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(generator());
}

} // namespace gpucheck
