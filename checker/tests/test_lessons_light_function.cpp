// SPDX-License-Identifier: MIT
// gpucourse::light_function (lessons/common/light_function.cuh), the lessons' gpu_work: it must
// behave as std::function does wherever a lesson, a check or a student's code uses gpu_work.
#include "../../lessons/common/light_function.cuh"

#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

namespace {

using int_work = gpucourse::light_function<void(int)>;

int twice(int value) {
  return 2 * value;
}

} // namespace

TEST_CASE("a light_function calls what it holds, with its arguments") {
  std::vector<int> seen;
  const int_work work = [&](int value) { seen.push_back(value); };
  work(3);
  work(5);
  CHECK(seen == std::vector<int>{3, 5});
  CHECK(static_cast<bool>(work));
}

TEST_CASE("a light_function returns what the callable returns, function pointers included") {
  const gpucourse::light_function<int(int)> doubled = twice;
  CHECK(doubled(21) == 42);
  const gpucourse::light_function<std::string()> word = [] { return std::string("ok"); };
  CHECK(word() == "ok");
}

TEST_CASE("an empty light_function says so: default, nullptr, a null function pointer") {
  const int_work made_empty;
  const int_work from_nullptr = nullptr;
  int (*no_function)(int) = nullptr;
  const gpucourse::light_function<int(int)> from_null_pointer = no_function;
  CHECK_FALSE(made_empty);
  CHECK_FALSE(from_nullptr);
  CHECK_FALSE(from_null_pointer);
  // Compared with nullptr, as code written for std::function does.
  CHECK(made_empty == nullptr);
  CHECK_FALSE(made_empty != nullptr);
  const int_work held = [](int) {};
  CHECK(held != nullptr);
  CHECK(nullptr != held);
  CHECK_FALSE(held == nullptr);
}

TEST_CASE("a copy holds its own copy of the callable, as std::function's does") {
  int calls = 0;
  // A mutable lambda keeps its state inside the callable: each copy counts on its own.
  const gpucourse::light_function<int()> counter = [count = 0]() mutable { return ++count; };
  const gpucourse::light_function<int()> copy = counter;
  CHECK(counter() == 1);
  CHECK(counter() == 2);
  CHECK(copy() == 1);
  // A reference captured stays shared by both.
  const gpucourse::light_function<void()> add = [&calls] { ++calls; };
  const gpucourse::light_function<void()> add_copy = add;
  add();
  add_copy();
  CHECK(calls == 2);
}

TEST_CASE("moving a light_function leaves the source empty, assignment replaces the callable") {
  std::vector<int> seen;
  int_work first = [&](int value) { seen.push_back(value); };
  int_work moved = std::move(first);
  CHECK_FALSE(first); // NOLINT(bugprone-use-after-move): what is left behind is the point
  moved(1);
  moved = [&](int value) { seen.push_back(10 * value); };
  moved(2);
  int_work assigned;
  assigned = moved;
  assigned(3);
  moved = nullptr;
  CHECK_FALSE(moved);
  CHECK(seen == std::vector<int>{1, 20, 30});
}

TEST_CASE("a light_function converts to a std::function-taking API and back") {
  // The check API takes std::function<void(cudaStream_t)>; a lesson's gpu_work is passed to it.
  int total = 0;
  const int_work work = [&](int value) { total += value; };
  const auto std_api = [](const std::function<void(int)>& f) { f(4); };
  std_api(work);
  // And a std::function is a callable that a light_function holds.
  const std::function<void(int)> standard = [&](int value) { total += 100 * value; };
  const int_work held = standard;
  held(4);
  CHECK(total == 404);
}
