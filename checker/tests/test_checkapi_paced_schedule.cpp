// SPDX-License-Identifier: MIT
// When a run of paced work ends (checkapi/paced_schedule.hpp), the truth of a check of short
// work: simulated here on the host, with the gaps a GPU leaves between kernels.
#include "checkapi/paced_schedule.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using gpucheck::paced_deadline_ns;

namespace {

// A stream that runs `count` runs paced at `duration_ns`: run i can start `gap_ns` after the
// previous one ended, and not before the host queued it (`queued_ns[i]`, or at once when empty).
// Returns when each run ended. The pace is the deadline, reached at the timer's first tick at or
// after it (a timer that ticks every `tick_ns`).
std::vector<std::uint64_t> run_stream(int count, std::uint64_t duration_ns, std::uint64_t gap_ns,
                                      std::uint64_t tick_ns,
                                      const std::vector<std::uint64_t>& queued_ns = {}) {
  std::vector<std::uint64_t> ends;
  std::uint64_t deadline = 0;
  std::uint64_t free_at = 1'000'000; // the stream is idle from here on [ns]
  for (int i = 0; i < count; ++i) {
    std::uint64_t start = free_at;
    if (!queued_ns.empty() && queued_ns[static_cast<std::size_t>(i)] > start)
      start = queued_ns[static_cast<std::size_t>(i)];
    const std::uint64_t start_read = start / tick_ns * tick_ns; // what the timer says
    deadline = paced_deadline_ns(start_read, deadline, duration_ns);
    const std::uint64_t end = (deadline + tick_ns - 1) / tick_ns * tick_ns;
    ends.push_back(end);
    free_at = end + gap_ns;
  }
  return ends;
}

} // namespace

TEST_CASE("one run on an idle stream lasts its duration") {
  CHECK(paced_deadline_ns(50'000, 0, 7'000) == 57'000);
  CHECK(paced_deadline_ns(50'000, 30'000, 7'000) == 57'000); // 20 us after the last deadline
}

TEST_CASE("a run that follows another closely ends one duration after that one's deadline") {
  CHECK(paced_deadline_ns(13'000, 12'000, 7'000) == 19'000); // started 1 us after the deadline
  CHECK(paced_deadline_ns(12'000, 12'000, 7'000) == 19'000);
  CHECK(paced_deadline_ns(18'000, 12'000, 7'000) == 19'000); // the slack: 6 us for 7 us of work
  CHECK(paced_deadline_ns(18'001, 12'000, 7'000) == 25'001); // later: it does not follow
}

TEST_CASE("a run that follows still spins: the slack is shorter than the run") {
  for (const std::uint64_t duration_ns : {1'000ull, 5'000ull, 10'000ull}) {
    CAPTURE(duration_ns);
    CHECK(gpucheck::paced_slack_ns(duration_ns) < duration_ns);
  }
  CHECK(gpucheck::paced_slack_ns(5'000) == 4'000);
}

TEST_CASE("a batch of runs back to back takes exactly its count times the duration") {
  for (const std::uint64_t duration_ns : {5'000ull, 7'500ull, 10'000ull}) {
    for (const std::uint64_t gap_ns : {0ull, 960ull, 1'900ull, 3'000ull}) {
      CAPTURE(duration_ns);
      CAPTURE(gap_ns);
      const auto ends = run_stream(1000, duration_ns, gap_ns, 32);
      const std::uint64_t first_start = 1'000'000;
      // The last run ends at the first tick at or after first_start + 1000 durations.
      CHECK(ends.back() - first_start >= 1000 * duration_ns);
      CHECK(ends.back() - first_start < 1000 * duration_ns + 32);
    }
  }
}

TEST_CASE("a coarse timer blurs only the ends of a batch, not each run") {
  // A timer that ticks every microsecond: each run's end is late by up to a tick, but the next
  // deadline counts from the deadline, not from the late end.
  const auto ends = run_stream(1000, 5'000, 960, 1'000);
  CHECK(ends.back() - 1'000'000 == 1000 * 5'000);
}

TEST_CASE("runs queued more slowly than they run take longer than the pace") {
  // The host queues a run every 12 us, the work is 5 us: the GPU waits for each run, and the
  // batch measures the host's pace, not the work's.
  std::vector<std::uint64_t> queued;
  for (int i = 0; i < 100; ++i)
    queued.push_back(1'000'000 + 12'000ull * static_cast<std::uint64_t>(i));
  const auto ends = run_stream(100, 5'000, 960, 32, queued);
  CHECK(ends.back() - 1'000'000 > 100 * 5'000 * 2);
}

TEST_CASE("a gap between kernels longer than the slack is not absorbed") {
  const auto ends = run_stream(10, 5'000, 4'500, 32);
  CHECK(ends.back() - 1'000'000 >= 10 * 5'000 + 9 * 4'500);
}
