// SPDX-License-Identifier: MIT
// Each doctest test case of a check program draws from a sequence of its own (random_draw.hpp):
// the traced replay ends a check's trials early, and must still draw in the later test cases
// what the verdict's run drew there.
#include "checkapi/random_draw.hpp"

#include <doctest/doctest.h>

#include <vector>

namespace {

std::vector<double> draws(int count) {
  std::vector<double> values;
  for (int i = 0; i < count; ++i)
    values.push_back(gpucheck::random_between(0.0, 1.0));
  return values;
}

} // namespace

TEST_CASE("a test case's draws do not depend on how much the ones before it drew") {
  gpucheck::draw_afresh_for(1);
  const std::vector<double> first_whole = draws(6); // the verdict's run: test case 1 in full
  gpucheck::draw_afresh_for(2);
  const std::vector<double> second_after_whole = draws(5);

  gpucheck::draw_afresh_for(1);
  const std::vector<double> first_cut = draws(2); // the replay: test case 1 cut short
  gpucheck::draw_afresh_for(2);
  const std::vector<double> second_after_cut = draws(5);

  CHECK(second_after_cut == second_after_whole);
  CHECK(first_cut == std::vector<double>(first_whole.begin(), first_whole.begin() + 2));
  CHECK(second_after_whole != std::vector<double>(first_whole.begin(), first_whole.begin() + 5));
}
