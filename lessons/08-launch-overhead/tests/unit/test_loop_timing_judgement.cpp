// SPDX-License-Identifier: MIT
// Lesson 08's judgements on simulated calls: a loop of tiny kernels timed once, each launch timed
// and summed, the launches timed without waiting; a faster version against the naive loop.
#include "judgement/loop_timing_judgement.hpp"

#include <doctest/doctest.h>

#include <limits>

using namespace gpucheck;

namespace {

// 1000 iterations of 5 us work, 6.3 us each back to back (lesson 06's H200 batch figure); a
// launch call of 3 us on the host.
loop_timing_call call_reporting(double reported_ms) {
  loop_timing_call call;
  call.reported_ms = reported_ms;
  call.truth_ms = 6.3;
  call.iterations = 1000;
  call.launch_ms = 0.003;
  call.run_ms = 0.005;
  return call;
}

} // namespace

TEST_CASE("a loop timed once around its iterations is accurate, up to 15% either way") {
  CHECK(judge_loop_timing(call_reporting(6.3)) == loop_timing_verdict::accurate);
  CHECK(judge_loop_timing(call_reporting(6.3 * 1.14)) == loop_timing_verdict::accurate);
  CHECK(judge_loop_timing(call_reporting(6.3 * 0.86)) == loop_timing_verdict::accurate);
}

TEST_CASE("a short loop has 30 us of slack") {
  loop_timing_call call = call_reporting(0.045);
  call.truth_ms = 0.020;
  call.iterations = 3;
  CHECK(judge_loop_timing(call) == loop_timing_verdict::accurate);
}

TEST_CASE("each launch timed and summed carries one timing's cost per iteration") {
  // Lesson 06: 11-14 us between two events around one 5 us launch, against 6.3 us back to back.
  CHECK(judge_loop_timing(call_reporting(11.0)) == loop_timing_verdict::summed_per_launch);
  CHECK(judge_loop_timing(call_reporting(14.0)) == loop_timing_verdict::summed_per_launch);
  // Certain only when the trace shows the many intervals: a neighbour can lengthen one interval
  // around the whole loop by as much.
  loop_timing_call summed = call_reporting(11.0);
  CHECK(noise_could_cause(loop_timing_verdict::summed_per_launch, summed));
  summed.intervals = 1000;
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::summed_per_launch, summed));
  loop_timing_call once = call_reporting(9.5); // a correct loop, 50% longer beside a neighbour
  once.intervals = 1;
  CHECK(noise_could_cause(judge_loop_timing(once), once));
}

TEST_CASE("a host clock without a wait reads the launch calls") {
  CHECK(judge_loop_timing(call_reporting(3.0)) == loop_timing_verdict::launches_only);
  CHECK(judge_loop_timing(call_reporting(1.5)) == loop_timing_verdict::launches_only);
  // Under the 5 ms the runs last one after another (less a 1 us tick each): no interval around
  // them reads that.
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::launches_only, call_reporting(1.5)));
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::launches_only, call_reporting(3.0)));
}

TEST_CASE("other wrong times are too long or too short, and may be noise") {
  CHECK(judge_loop_timing(call_reporting(100.0)) == loop_timing_verdict::too_long);
  CHECK(judge_loop_timing(call_reporting(0.1)) == loop_timing_verdict::too_short);
  CHECK(noise_could_cause(loop_timing_verdict::too_long, call_reporting(100.0)));
  // Under the runs' floor is no neighbour's doing (events on a stream without the work).
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::too_short, call_reporting(0.1)));
  CHECK(judge_loop_timing(call_reporting(3.5)) == loop_timing_verdict::too_short);
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::too_short, call_reporting(3.5)));
  // Over it, the checker's truth may be the one a neighbour lengthened; within a tick a run of
  // it, too.
  CHECK(judge_loop_timing(call_reporting(5.2)) == loop_timing_verdict::too_short);
  CHECK(noise_could_cause(loop_timing_verdict::too_short, call_reporting(5.2)));
  CHECK(noise_could_cause(loop_timing_verdict::too_short, call_reporting(4.1)));
}

TEST_CASE("a truth a neighbour lengthened fourfold never fails a loop timed over its runs") {
  // The check's loop: 200 runs of 10 us (a 2 ms floor), timed right at 2.1 ms, while both of the
  // checker's own timings caught a neighbour's time slices: 8.8 ms.
  loop_timing_call call;
  call.reported_ms = 2.1;
  call.truth_ms = 8.8;
  call.iterations = 200;
  call.launch_ms = 0.003;
  call.run_ms = 0.010;
  const loop_timing_verdict verdict = judge_loop_timing(call);
  CHECK(verdict == loop_timing_verdict::too_short);
  CHECK(noise_could_cause(verdict, call));
  call.reported_ms = 1.7; // under the runs, less a tick each: certain, whatever the truth
  CHECK_FALSE(noise_could_cause(judge_loop_timing(call), call));
  call.run_ms = 0; // a floor not known: nothing short is certain
  CHECK(noise_could_cause(judge_loop_timing(call), call));
}

TEST_CASE("the check's own loop: 200 launches of a 10 us kernel") {
  // Back to back about 11 us an iteration (lesson 06: 6.3 us a run for 5 us of work): 2.2 ms.
  loop_timing_call call;
  call.truth_ms = 2.2;
  call.iterations = 200;
  call.launch_ms = 0.003;
  call.run_ms = 0.010;
  SUBCASE("timed once, with a host clock and a wait: the first launch's latency added") {
    call.reported_ms = 2.2 + 0.015;
    CHECK(judge_loop_timing(call) == loop_timing_verdict::accurate);
  }
  SUBCASE("each launch timed and summed: 5-8 us more an iteration") {
    call.reported_ms = 2.2 + 200 * 0.006;
    CHECK(judge_loop_timing(call) == loop_timing_verdict::summed_per_launch);
    CHECK(noise_could_cause(judge_loop_timing(call), call)); // until the trace shows 200
    call.intervals = 200;
    CHECK_FALSE(noise_could_cause(judge_loop_timing(call), call));
  }
  SUBCASE("no wait: the launch calls, 0.6 ms, under the runs' 2 ms: certain") {
    call.reported_ms = 0.6;
    CHECK(judge_loop_timing(call) == loop_timing_verdict::launches_only);
    CHECK_FALSE(noise_could_cause(judge_loop_timing(call), call));
  }
  SUBCASE("events on a stream of their own: near 0") {
    call.reported_ms = 0.004;
    CHECK(judge_loop_timing(call) == loop_timing_verdict::too_short);
    CHECK_FALSE(noise_could_cause(judge_loop_timing(call), call));
  }
}

TEST_CASE("a time that is not a number is said to be one") {
  CHECK(judge_loop_timing(call_reporting(std::numeric_limits<double>::quiet_NaN())) ==
        loop_timing_verdict::not_a_number);
  CHECK(judge_loop_timing(call_reporting(-1.0)) == loop_timing_verdict::not_a_number);
  CHECK(judge_loop_timing(call_reporting(std::numeric_limits<double>::infinity())) ==
        loop_timing_verdict::not_a_number);
}

TEST_CASE("a faster version passes below the bar, a near miss or a tiny naive loop is noise") {
  const speedup_judgement fast = judge_speedup(6.3, 0.05, 0.5);
  CHECK(fast.passed);
  CHECK_FALSE(fast.noise_could_explain);

  const speedup_judgement near = judge_speedup(6.3, 3.5, 0.5);
  CHECK_FALSE(near.passed);
  CHECK(near.noise_could_explain);

  const speedup_judgement slow = judge_speedup(6.3, 6.3, 0.5);
  CHECK_FALSE(slow.passed);
  CHECK_FALSE(slow.noise_could_explain);

  const speedup_judgement tiny = judge_speedup(0.1, 0.1, 0.5);
  CHECK_FALSE(tiny.passed);
  CHECK(tiny.noise_could_explain);

  CHECK_FALSE(judge_speedup(std::numeric_limits<double>::quiet_NaN(), 1.0, 0.5).passed);
}

TEST_CASE("a replay costs the host about what the checker's own replay of the same loop costs") {
  // Not measured on the H200: one cudaGraphLaunch taken as 10 us here.
  CHECK(judge_replay_host(0.010, 0.012).passed);
  CHECK(judge_replay_host(0.010, 0.055).passed); // 50 us of slack over a cheap launch
  const speedup_judgement busy = judge_replay_host(0.010, 0.100);
  CHECK_FALSE(busy.passed);
  CHECK(busy.noise_could_explain); // within twice the allowance: a busy host could do it
  // An instantiation of 1000 nodes at every replay (its cost not measured here: taken as 0.5 ms).
  const speedup_judgement instantiated = judge_replay_host(0.010, 0.500);
  CHECK_FALSE(instantiated.passed);
  CHECK_FALSE(instantiated.noise_could_explain);
  CHECK(instantiated.ratio == doctest::Approx(50.0));
  CHECK_FALSE(judge_replay_host(0.0, 0.5).passed);
}

TEST_CASE("a loop's time in microseconds, or 20 times too long, is no busy GPU's doing") {
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::too_long, call_reporting(6300.0)));
  CHECK_FALSE(noise_could_cause(loop_timing_verdict::too_long, call_reporting(6.3 * 25)));
  CHECK(noise_could_cause(loop_timing_verdict::too_long, call_reporting(6.3 * 3)));
}

TEST_CASE("a loop's time in the wrong unit names the unit, and noise does not excuse it") {
  // Recorded on an H200 (the lead's held-out in_us): 2.37 s reported for 2.367 ms of launches.
  loop_timing_call in_us = call_reporting(1000 * 9.5);
  in_us.truth_ms = 9.5;
  CHECK(gpucheck::loop_time_slip(in_us).kind == gpucheck::slip_kind::times_1000);
  CHECK_FALSE(gpucheck::noise_could_cause(gpucheck::judge_loop_timing(in_us), in_us));
  loop_timing_call right = call_reporting(9.8);
  right.truth_ms = 9.5;
  CHECK(gpucheck::loop_time_slip(right).kind == gpucheck::slip_kind::none);
  loop_timing_call slower = call_reporting(14.0); // a neighbour's 50%: no slip to name
  slower.truth_ms = 9.5;
  CHECK(gpucheck::loop_time_slip(slower).kind == gpucheck::slip_kind::none);
}
