// SPDX-License-Identifier: MIT
// The other streams' work beside a timed call (checkapi/other_work.hpp): the first of it to end,
// against the timed work, and the calls that waited for it.
#include "checkapi/other_work.hpp"

#include <doctest/doctest.h>

#include <vector>

using gpucheck::other_work_facts;

namespace {

struct trial {
  other_work_facts other;
};

trial waited(double ended_after_work_ms, bool work_started_after = false) {
  trial t;
  t.other.done_at_return = true;
  t.other.ended_after_work_ms = ended_after_work_ms;
  t.other.work_started_after = work_started_after;
  return t;
}

} // namespace

TEST_CASE("the first other work to end is noted against the timed work") {
  other_work_facts facts;
  gpucheck::note_other_work(facts, {10'000'000, 12'000'000},
                            {{0, 70'000'000}, {1'000'000, 41'000'000}, {0, 80'000'000}});
  CHECK(facts.other_ms == doctest::Approx(40.0));
  CHECK(facts.ended_after_work_ms == doctest::Approx(29.0));
  CHECK_FALSE(facts.work_started_after);

  gpucheck::note_other_work(facts, {50'000'000, 52'000'000}, {{5'000'000, 45'000'000}});
  CHECK(facts.work_started_after); // the timed work waited for it, on the GPU
  CHECK(facts.ended_after_work_ms == 0.0);
  CHECK(facts.other_ms == doctest::Approx(40.0));
}

TEST_CASE("the calls that waited are counted, the first shown, and noise excuses only near ends") {
  const gpucheck::other_waits none =
      gpucheck::count_other_waits(std::vector<trial>{trial{}, trial{}});
  CHECK(none.waited == 0);
  CHECK(none.shown == -1);
  CHECK_FALSE(none.noise_could_explain);

  const gpucheck::other_waits far =
      gpucheck::count_other_waits(std::vector<trial>{trial{}, waited(40.0), waited(30.0)});
  CHECK(far.waited == 2);
  CHECK(far.shown == 1);
  CHECK_FALSE(far.noise_could_explain); // each went on 30 ms and more after its own work

  CHECK(gpucheck::count_other_waits(std::vector<trial>{waited(40.0), waited(1.0)})
            .noise_could_explain); // both ends pushed together: a paused GPU can do that
  CHECK(gpucheck::count_other_waits(std::vector<trial>{waited(40.0, true)}).noise_could_explain);
}
