// SPDX-License-Identifier: MIT
// rounds_lasting (checks that overlap copies): the arithmetic that makes a kernel last as long as a
// copy, on simulated kernels whose time is the larger of their memory traffic and their arithmetic.
#include "checkapi/rounds_calibration.hpp"

#include <doctest/doctest.h>

#include <vector>

using gpucheck::rounds_lasting;

namespace {

// A kernel over a buffer: it cannot take less than its memory traffic (memory_ms), and beyond
// that each round of arithmetic costs ms_per_round.
struct simulated_kernel {
  double memory_ms;
  double ms_per_round;
  std::vector<int> asked; // the rounds it was timed at
  double operator()(int rounds) {
    asked.push_back(rounds);
    const double arithmetic = rounds * ms_per_round;
    return arithmetic > memory_ms ? arithmetic : memory_ms;
  }
  double at(int rounds) const {
    const double arithmetic = rounds * ms_per_round;
    return arithmetic > memory_ms ? arithmetic : memory_ms;
  }
};

} // namespace

TEST_CASE("arithmetic-bound at the first try: the kernel lasts the target within one round") {
  simulated_kernel kernel{0.1, 0.01, {}}; // 256 rounds: 2.56 ms, far above memory's 0.1 ms
  const int rounds = rounds_lasting(5.0, kernel);
  CHECK(kernel.asked.size() == 2); // two timings, the first at 256 rounds
  CHECK(kernel.asked.front() == 256);
  CHECK(kernel.at(rounds) == doctest::Approx(5.0).epsilon(0.01));
}

TEST_CASE("memory-bound at the first try: the second step corrects the first's underestimate") {
  // At 256 rounds the kernel reads 2 ms of memory traffic; its arithmetic is 0.256 ms. The first
  // step, taking 2 ms for arithmetic, asks for 256 x 4 / 2 = 512 rounds (2 ms again: still
  // memory); the second asks for 512 x 4 / 2 = 1024, which lasts 1.024 ms: far nearer 4 ms than
  // one step alone, and never past it.
  simulated_kernel kernel{2.0, 0.001, {}};
  const int rounds = rounds_lasting(4.0, kernel);
  CHECK(kernel.asked == std::vector<int>{256, 512});
  CHECK(rounds == 1024);
  CHECK(kernel.at(rounds) < 4.0);
}

TEST_CASE("a timing of 0 ms or a stall stays within the bounds") {
  CHECK(rounds_lasting(3.0, [](int) { return 0.0; }) == 8192);
  CHECK(rounds_lasting(3.0, [](int) { return 1e6; }) == 16);
  CHECK(rounds_lasting(
            3.0, [](int) { return 0.0; }, 256, 32, 1024) == 1024);
}
