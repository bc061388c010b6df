// SPDX-License-Identifier: MIT
#include "judgement/loop_timing_judgement.hpp"

#include "checkapi/slip_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace gpucheck {

namespace {

constexpr double relative_tolerance = 0.15;
constexpr double absolute_tolerance_ms = 0.030;
constexpr double fewest_timing_cost_ms = 0.002; // per iteration, for summed_per_launch
constexpr double most_timing_cost_ms = 0.040;
// A run spins until %globaltimer has moved on by its length, so it can end one tick early (up to
// 1 us on some GPUs): the floor gives that much a run.
constexpr double floor_slack_per_run_ms = 0.001;

bool usable(double value) {
  return std::isfinite(value) && value >= 0;
}

} // namespace

loop_timing_verdict judge_loop_timing(const loop_timing_call& call) {
  if (!usable(call.reported_ms) || !usable(call.truth_ms) || call.iterations <= 0) {
    return loop_timing_verdict::not_a_number;
  }
  const double allowed = std::max(relative_tolerance * call.truth_ms, absolute_tolerance_ms);
  const double excess = call.reported_ms - call.truth_ms;
  if (std::abs(excess) <= allowed) {
    return loop_timing_verdict::accurate;
  }
  if (excess > 0) {
    const double per_iteration = excess / call.iterations;
    if (per_iteration >= fewest_timing_cost_ms && per_iteration <= most_timing_cost_ms) {
      return loop_timing_verdict::summed_per_launch;
    }
    return loop_timing_verdict::too_long;
  }
  // Shorter: the launch calls alone take iterations x launch_ms on the host. Within a factor 3 of
  // that, and under half the truth, the clock stopped when the last launch was queued.
  const double launches = call.iterations * call.launch_ms;
  if (call.launch_ms > 0 && call.reported_ms < 0.5 * call.truth_ms &&
      call.reported_ms <= 3 * launches && call.reported_ms >= launches / 3) {
    return loop_timing_verdict::launches_only;
  }
  return loop_timing_verdict::too_short;
}

bool noise_could_cause(loop_timing_verdict verdict, const loop_timing_call& call) {
  switch (verdict) {
  case loop_timing_verdict::too_long:
    // Unless a power of 1000 or 20 times (and 10 ms) too long: no neighbour does that (issue 42).
    return !noise_cannot_produce(loop_time_slip(call), call.reported_ms, call.truth_ms, 10);
  case loop_timing_verdict::too_short:     // a neighbour may have lengthened the checker's truth...
  case loop_timing_verdict::launches_only: // ...but no interval around the runs reads under them
    return call.run_ms <= 0 ||
           call.reported_ms >= call.iterations * (call.run_ms - floor_slack_per_run_ms);
  case loop_timing_verdict::summed_per_launch:
    return 2 * call.intervals < call.iterations;
  default:
    return false;
  }
}

speedup_judgement judge_speedup(double naive_ms, double faster_ms, double bar) {
  speedup_judgement judgement;
  if (!usable(naive_ms) || !usable(faster_ms) || naive_ms <= 0) {
    return judgement;
  }
  judgement.ratio = faster_ms / naive_ms;
  judgement.passed = judgement.ratio <= bar;
  judgement.noise_could_explain =
      !judgement.passed && (judgement.ratio <= 1.25 * bar || naive_ms < 0.2);
  return judgement;
}

speedup_judgement judge_replay_host(double own_ms, double replay_ms) {
  speedup_judgement judgement;
  if (!usable(own_ms) || !usable(replay_ms) || own_ms <= 0) {
    return judgement;
  }
  const double allowed_ms = std::max(4 * own_ms, own_ms + 0.050);
  judgement.ratio = replay_ms / own_ms;
  judgement.passed = replay_ms <= allowed_ms;
  judgement.noise_could_explain = !judgement.passed && replay_ms <= 2 * allowed_ms;
  return judgement;
}

slip_result loop_time_slip(const loop_timing_call& call) {
  slip_question q;
  q.returned = call.reported_ms;
  q.truth = call.truth_ms;
  q.relative = 0.15;
  q.absolute = 0.03;
  q.whole_unit = 1; // [ms]: a duration_cast cuts it
  return find_slip(q);
}

} // namespace gpucheck
