// SPDX-License-Identifier: MIT
// Lesson 03's judgement of find_crossover (judgement/crossover.hpp), on the made-up tables the
// check draws: the reference's answers pass; a walk up from the smallest N, which a lucky win
// fools, fails on a table that shows it; the right row's index is named as an index.
#include "judgement/crossover.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace gpucheck;

namespace {

// The first N from which the GPU wins, walking up: wrong where a lucky win comes before.
int first_win(const crossover_table& table) {
  for (const crossover_row& row : table) {
    if (row.gpu_ms < row.cpu_ms)
      return row.n;
  }
  return -1;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("the made-up tables hold a crossover, none, and a lucky win before the crossover") {
  const std::vector<crossover_table> tables = made_up_tables();
  REQUIRE(tables.size() == 10);
  CHECK(reference_crossover(tables[3]) == -1);             // the GPU never wins
  CHECK(reference_crossover(tables[4]) == tables[4][0].n); // ... always wins
  CHECK(reference_crossover(tables[5]) == -1);             // wins in the middle only
  CHECK(reference_crossover(tables[6]) == -1);             // a tie at the largest N
  CHECK(tables[8].size() == 1);
}

TEST_CASE("the reference's answers pass every made-up table") {
  const check_outcome outcome =
      judge_crossovers("name", made_up_tables(), reference_crossover, "lesson.md#s");
  CHECK(outcome.passed);
  CHECK(outcome.name == "name");
  CHECK(outcome.lesson_section.empty());
}

TEST_CASE("a walk up from the smallest N fails, and find is not called after the first miss") {
  crossover_table lucky = made_up_table(5, false);
  lucky[1].cpu_ms = lucky[1].gpu_ms * 1.1; // a lucky win at the second size
  int calls = 0;
  const check_outcome outcome = judge_crossovers(
      "name", {lucky, lucky},
      [&](const crossover_table& table) {
        ++calls;
        return first_win(table);
      },
      "lesson.md#s");
  CHECK_FALSE(outcome.passed);
  CHECK(calls == 1);
  CHECK(outcome.measured == "N = " + std::to_string(lucky[1].n));
  CHECK(contains(outcome.message, "N = " + std::to_string(lucky[5].n)));
  CHECK(outcome.lesson_section == "lesson.md#s");
}

TEST_CASE("the right row's index, from 0 or from 1, is named as an index") {
  const crossover_table table = made_up_table(4, false);
  const check_outcome from_0 = judge_crossovers(
      "name", {table}, [](const crossover_table&) { return 4; }, "");
  CHECK(from_0.slip == "index-for-value");
  const check_outcome from_1 = judge_crossovers(
      "name", {table}, [](const crossover_table&) { return 5; }, "");
  CHECK(from_1.slip == "index-for-value");
  const check_outcome another_row = judge_crossovers(
      "name", {table}, [](const crossover_table&) { return 2; }, "");
  CHECK(another_row.slip.empty());
}

TEST_CASE("a size of the table returned is a wrong row, never an index, whatever it equals") {
  // pia on this machine: her first win at N = 5 was also N = 80's position counted from 1.
  crossover_table table;
  for (int i = 0, n = 5; i < 9; ++i, n *= 2)
    table.push_back({n, i >= 4 ? 1.0 : 0.01, 0.05});
  table[0].cpu_ms = 0.06; // a lucky win at N = 5
  REQUIRE(reference_crossover(table) == 80);
  const check_outcome first_win_at_5 = judge_crossovers(
      "name", {table}, [](const crossover_table&) { return 5; }, "");
  CHECK_FALSE(first_win_at_5.passed);
  CHECK(first_win_at_5.slip.empty());
  CHECK(contains(first_win_at_5.message, "every larger size"));
}

TEST_CASE("a crossover at the first size names no size below it") {
  const crossover_table always = made_up_table(0, false); // the GPU wins at every size
  REQUIRE(reference_crossover(always) == always.front().n);
  const check_outcome none = judge_crossovers(
      "name", {always}, [](const crossover_table&) { return -1; }, "");
  CHECK_FALSE(none.passed);
  CHECK_FALSE(contains(none.message, "just below"));
  CHECK(contains(none.message, "from the smallest, N = " + std::to_string(always.front().n)));
  // A crossover further up keeps the size below it.
  const crossover_table later = made_up_table(3, false);
  const check_outcome missed = judge_crossovers(
      "name", {later}, [](const crossover_table&) { return -1; }, "");
  CHECK(contains(missed.message, "not at the size just below"));
}

TEST_CASE("made-up tables start at 10: no size is a row's index or position") {
  for (int i = 0; i < 100; ++i)
    for (const crossover_table& table : made_up_tables())
      CHECK(table.front().n >= 10);
}
