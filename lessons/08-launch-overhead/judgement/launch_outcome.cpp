// SPDX-License-Identifier: MIT
#include "judgement/launch_outcome.hpp"

#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <cstring>

namespace gpucheck {
namespace {

std::string ratio_text(double ratio) {
  return number_text("%.3f", ratio);
}

std::string hex_text(unsigned value) {
  return number_text("0x%08x", value);
}

check_outcome graph_speed_named(graph_bars bars, int steps, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l08.graph-speed.name");
  outcome.lesson_section = lesson + "#cuda-graphs";
  outcome.expected = say("check.l08.graph-speed.expected", {{"gpu_bar", ratio_text(bars.gpu)},
                                                            {"host_bar", ratio_text(bars.host)},
                                                            {"steps", std::to_string(steps)}});
  return outcome;
}

} // namespace

int first_difference(const std::vector<unsigned>& expected, const std::vector<unsigned>& got) {
  if (std::memcmp(expected.data(), got.data(), expected.size() * sizeof(unsigned)) == 0)
    return -1;
  const auto where = std::mismatch(expected.begin(), expected.end(), got.begin());
  return static_cast<int>(where.first - expected.begin());
}

difference describe(int index, const std::vector<unsigned>& expected,
                    const std::vector<unsigned>& got, const std::vector<unsigned>& start) {
  difference d;
  d.index = std::to_string(index);
  d.expected = hex_text(expected[index]);
  d.got = hex_text(got[index]);
  d.untouched = got[index] == start[index];
  return d;
}

void fail_batched_bytes(check_outcome& outcome, int index, const std::vector<unsigned>& expected,
                        const std::vector<unsigned>& got, const std::vector<unsigned>& start,
                        int count) {
  const difference d = describe(index, expected, got, start);
  outcome.passed = false;
  outcome.measured = say("check.l08.bytes.wrong", {{"index", d.index}});
  // The tail's words only where every integer from this one to the end is untouched: a left-out
  // last block, whatever block size the student chose.
  const bool in_tail =
      d.untouched && std::equal(got.begin() + index, got.begin() + count, start.begin() + index);
  outcome.message =
      !d.untouched ? say("check.l08.batched-bytes.message",
                         {{"index", d.index}, {"expected", d.expected}, {"got", d.got}})
      : in_tail    ? say("check.l08.batched-bytes.untouched.message",
                         {{"index", d.index}, {"got", d.got}, {"count", std::to_string(count)}})
                   : say("check.l08.batched-bytes.untouched-inside.message",
                         {{"index", d.index}, {"got", d.got}});
  outcome.hint = say("check.l08.batched-bytes.hint");
  outcome.states_what_was_seen = true; // the buffer read back
}

void fail_graph_bytes(check_outcome& outcome, int run, int index,
                      const std::vector<unsigned>& expected, const std::vector<unsigned>& got,
                      const std::vector<unsigned>& start) {
  const difference d = describe(index, expected, got, start);
  outcome.passed = false;
  outcome.measured = say("check.l08.bytes.wrong", {{"index", d.index}});
  outcome.message = say(
      "check.l08.graph-bytes.message",
      {{"run", std::to_string(run)}, {"index", d.index}, {"expected", d.expected}, {"got", d.got}});
  outcome.hint =
      run == 1 ? say("check.l08.graph-bytes.hint") : say("check.l08.graph-bytes.second.hint");
  outcome.states_what_was_seen = true; // the buffer read back
}

void fail_for_no_graph(check_outcome& outcome) {
  outcome.passed = false;
  outcome.measured = say("check.l08.graph.none.measured");
  outcome.message = say("check.l08.graph.none.message");
  outcome.hint = say("check.l08.graph.none.hint");
}

check_outcome batched_speed_outcome(const both_times& naive, const both_times& batched, double bar,
                                    int steps, const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l08.batched-speed.name");
  outcome.lesson_section = lesson + "#batching";
  const speedup_judgement judged = judge_speedup(naive.gpu_ms, batched.gpu_ms, bar);
  outcome.expected = say("check.l08.batched-speed.expected",
                         {{"bar", ratio_text(bar)}, {"naive", format_ms(naive.gpu_ms)}});
  outcome.measured =
      say("check.l08.batched-speed.measured",
          {{"batched", format_ms(batched.gpu_ms)}, {"ratio", ratio_text(judged.ratio)}});
  outcome.passed = judged.passed;
  if (outcome.passed)
    return outcome;
  outcome.noise_could_explain = judged.noise_could_explain;
  outcome.message = say("check.l08.batched-speed.message", {{"batched", format_ms(batched.gpu_ms)},
                                                            {"naive", format_ms(naive.gpu_ms)},
                                                            {"steps", std::to_string(steps)}});
  outcome.hint = say("check.l08.batched-speed.hint");
  return outcome;
}

check_outcome no_graph_speed_outcome(graph_bars bars, int steps, const std::string& lesson) {
  check_outcome outcome = graph_speed_named(bars, steps, lesson);
  fail_for_no_graph(outcome);
  return outcome;
}

check_outcome graph_speed_outcome(const both_times& naive, const both_times& replayed,
                                  const both_times& own, graph_bars bars, int steps,
                                  const std::string& lesson) {
  check_outcome outcome = graph_speed_named(bars, steps, lesson);
  const speedup_judgement on_gpu = judge_speedup(naive.gpu_ms, replayed.gpu_ms, bars.gpu);
  const speedup_judgement on_host = judge_speedup(naive.host_ms, replayed.host_ms, bars.host);
  const speedup_judgement against_own = judge_replay_host(own.host_ms, replayed.host_ms);
  outcome.measured =
      say("check.l08.graph-speed.measured", {{"gpu", format_ms(replayed.gpu_ms)},
                                             {"naive_gpu", format_ms(naive.gpu_ms)},
                                             {"host", format_ms(replayed.host_ms)},
                                             {"naive_host", format_ms(naive.host_ms)},
                                             {"own", format_ms(own.host_ms)}});
  outcome.passed = on_gpu.passed && on_host.passed && against_own.passed;
  if (outcome.passed)
    return outcome;
  // Certain only when every miss is one that noise could not cause.
  outcome.noise_could_explain = (on_gpu.passed || on_gpu.noise_could_explain) &&
                                (on_host.passed || on_host.noise_could_explain) &&
                                (against_own.passed || against_own.noise_could_explain);
  if (!against_own.passed) {
    outcome.message = say("check.l08.graph-speed.setup.message",
                          {{"host", format_ms(replayed.host_ms)}, {"own", format_ms(own.host_ms)}});
    outcome.hint = say("check.l08.graph-speed.host.hint");
  } else if (!on_host.passed) {
    outcome.message =
        say("check.l08.graph-speed.host.message", {{"host", format_ms(replayed.host_ms)},
                                                   {"naive_host", format_ms(naive.host_ms)},
                                                   {"steps", std::to_string(steps)}});
    outcome.hint = say("check.l08.graph-speed.host.hint");
  } else {
    outcome.message =
        say("check.l08.graph-speed.gpu.message",
            {{"gpu", format_ms(replayed.gpu_ms)}, {"naive_gpu", format_ms(naive.gpu_ms)}});
    outcome.hint = say("check.l08.graph-speed.gpu.hint");
  }
  return outcome;
}

check_outcome loop_outcome(const loop_trial& trial, int iterations, double work_ms,
                           const std::string& lesson) {
  check_outcome outcome;
  outcome.name = say("check.l08.loop.name");
  outcome.lesson_section = lesson + "#timing-a-loop";
  loop_timing_call call = trial.judged;
  call.run_ms = work_ms; // each run lasts at least its planned length
  outcome.expected = say("check.l08.loop.expected", {{"truth", format_ms(call.truth_ms)},
                                                     {"iterations", std::to_string(iterations)},
                                                     {"work", format_ms(work_ms)}});
  outcome.measured = say("check.l08.loop.measured", {{"reported", format_ms(call.reported_ms)}});
  // Work run another number of times is a fact, on any GPU.
  if (trial.work_runs != iterations) {
    outcome.message =
        say("check.l08.loop.runs.message", {{"runs", std::to_string(trial.work_runs)},
                                            {"iterations", std::to_string(iterations)}});
    outcome.hint = say("check.l08.loop.runs.hint");
    outcome.states_what_was_seen = true; // the work's runs, counted
    return outcome;
  }
  const loop_timing_verdict verdict = judge_loop_timing(call);
  outcome.passed = verdict == loop_timing_verdict::accurate;
  // What the function did in this call is the trace's to say (events on another stream, no wait
  // before the clock stopped, an interval per iteration). Shown when it passes too: the traced
  // replay of a failure can pass where the failure was host-paced (the tracer slows every launch
  // call, so the host's loop may keep pace with the GPU there), and its call is still the one to
  // read.
  show_call(outcome, trial.call, call.truth_ms);
  if (outcome.passed)
    return outcome;
  outcome.noise_could_explain = noise_could_cause(verdict, call);
  const std::string per_iteration = format_ms((call.reported_ms - call.truth_ms) / iterations);
  const std::string reported = format_ms(call.reported_ms);
  const std::string truth = format_ms(call.truth_ms);
  switch (verdict) {
  case loop_timing_verdict::summed_per_launch:
    outcome.message =
        say("check.l08.loop.summed.message",
            {{"reported", reported}, {"truth", truth}, {"per_iteration", per_iteration}});
    outcome.hint = say("check.l08.loop.summed.hint");
    break;
  case loop_timing_verdict::launches_only:
    outcome.message = say("check.l08.loop.launches.message",
                          {{"reported", reported},
                           {"truth", truth},
                           {"launches", format_ms(call.launch_ms * iterations)}});
    outcome.hint = say("check.l08.loop.launches.hint");
    break;
  case loop_timing_verdict::not_a_number:
    outcome.message = say("check.l08.loop.not-a-number.message",
                          {{"reported", std::to_string(call.reported_ms)}});
    outcome.hint = say("check.l08.loop.wrong.hint");
    break;
  default:
    if (const slip_result slip = loop_time_slip(call);
        exact_relation(slip.kind)) { // a unit or whole units: the number says which
      const slip_words words = describe_slip(slip, call.reported_ms, call.truth_ms, "ms");
      outcome.message = words.message;
      outcome.hint = words.hint;
      outcome.slip = slip_id(slip.kind);
      outcome.noise_could_explain = false; // an exact relation: no busy GPU makes it
      break;
    }
    outcome.message =
        call.reported_ms > call.truth_ms
            ? say("check.l08.loop.too-long.message", {{"reported", reported}, {"truth", truth}})
            : say("check.l08.loop.too-short.message", {{"reported", reported}, {"truth", truth}});
    outcome.hint = say("check.l08.loop.wrong.hint");
    break;
  }
  return outcome;
}

} // namespace gpucheck
