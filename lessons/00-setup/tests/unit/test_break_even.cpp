// SPDX-License-Identifier: MIT
// Lesson 00's judgement of break-even predictions (judgement/break_even.hpp), on the draws the
// check makes: the model's own answers pass, rounded to whole elements too; a slip every draw shows
// is named; a finite answer where no n breaks even gets the "never" words.
#include "judgement/break_even.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace gpucheck;

namespace {

// Each draw's prediction by `predict`.
template <typename Predict>
std::vector<double> predictions(const std::vector<break_even_costs>& draws, Predict predict) {
  std::vector<double> result;
  for (const break_even_costs& costs : draws)
    result.push_back(predict(costs));
  return result;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("the draws hold a break-even and a machine where none is") {
  const std::vector<break_even_costs> draws = draw_break_even_costs();
  REQUIRE(draws.size() == 8);
  CHECK(std::isfinite(model_break_even(draws[0])));
  CHECK(std::isinf(model_break_even(draws[1])));
}

TEST_CASE("the model's answers pass, whole or rounded to an element") {
  const std::vector<break_even_costs> draws = draw_break_even_costs();
  const check_outcome exact =
      judge_break_even(draws, predictions(draws, [](auto c) { return model_break_even(c); }), "");
  CHECK(exact.passed);
  const check_outcome rounded = judge_break_even(
      draws, predictions(draws, [](auto c) { return std::ceil(model_break_even(c)); }), "");
  CHECK(rounded.passed);
}

TEST_CASE("a slip that every prediction shows is named") {
  const std::vector<break_even_costs> draws = draw_break_even_costs();
  const check_outcome eight_bytes = judge_break_even(
      draws, predictions(draws, [](auto c) { return model_break_even(c, 8); }), "s#a");
  CHECK_FALSE(eight_bytes.passed);
  CHECK(contains(eight_bytes.message, "copies 8 bytes per element"));
  CHECK(eight_bytes.lesson_section == "s#a");

  const check_outcome no_copies = judge_break_even(
      draws, predictions(draws, [](auto c) { return model_break_even(c, 0); }), "");
  CHECK(contains(no_copies.message, "without copies"));

  const check_outcome in_seconds = judge_break_even(
      draws, predictions(draws, [](auto c) { return model_break_even(c, 12, 1e3); }), "");
  CHECK(contains(in_seconds.message, "times 1e-3"));

  // The fixed cost charged once per copy: x and y in, y out.
  const check_outcome per_copy = judge_break_even(
      draws, predictions(draws, [](auto c) { return model_break_even(c, 12, 3e6); }), "");
  CHECK(contains(per_copy.message, "gpu_fixed_ms counted 3 times"));
}

TEST_CASE("a finite answer where no n breaks even is told so, another one is compared") {
  std::vector<break_even_costs> draws = draw_break_even_costs();
  std::vector<double> answers = predictions(draws, [](auto c) { return model_break_even(c); });
  answers[1] = 1e6; // the second draw never breaks even
  const check_outcome never = judge_break_even(draws, answers, "");
  CHECK_FALSE(never.passed);
  CHECK(contains(never.message, "falls further behind"));
  CHECK(contains(never.hint, "infinity"));

  answers = predictions(draws, [](auto c) { return model_break_even(c); });
  answers[0] *= 2;
  const check_outcome wrong = judge_break_even(draws, answers, "");
  CHECK(contains(wrong.message, "where the model gives"));
  CHECK(contains(wrong.hint, "set them equal"));
}
