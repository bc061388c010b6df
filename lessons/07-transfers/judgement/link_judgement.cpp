// SPDX-License-Identifier: MIT
#include "judgement/link_judgement.hpp"

#include "checkapi/bandwidth.hpp"
#include "checkapi/number_text.hpp"
#include "checkapi/say.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace gpucheck {
namespace {

std::array<double, 3> numbers_of(const link_numbers& n) {
  return {n.to_device_gbps, n.to_host_gbps, n.both_gbps};
}

bool is_bandwidth(double gbps) {
  return std::isfinite(gbps) && gbps > 0;
}

// The unit slip every number of every trial shows (GiB, MB/s, ms as seconds); none otherwise.
// One number can match a unit by chance; nine from three calls cannot.
bandwidth_slip common_unit_slip(const std::vector<link_trial>& trials) {
  bandwidth_slip common = bandwidth_slip::none;
  for (const link_trial& trial : trials) {
    const std::array<double, 3> reported = numbers_of(trial.reported);
    const std::array<double, 3> truth = numbers_of(trial.truth);
    for (std::size_t i = 0; i < reported.size(); ++i) {
      const bandwidth_slip slip = find_bandwidth_slip(reported[i], truth[i]);
      const bool unit = slip == bandwidth_slip::in_gib_per_s ||
                        slip == bandwidth_slip::in_mb_per_s ||
                        slip == bandwidth_slip::ms_as_seconds;
      if (!unit || (common != bandwidth_slip::none && slip != common))
        return bandwidth_slip::none;
      common = slip;
    }
  }
  return common;
}

bool alone_right(const link_trial& t) {
  return within_relative(t.reported.to_device_gbps, t.truth.to_device_gbps,
                         link_relative_tolerance) &&
         within_relative(t.reported.to_host_gbps, t.truth.to_host_gbps, link_relative_tolerance);
}

// Which mistake a wrong "both" number shows, on a link that carried both at once, the directions
// alone right: its gain within duplex_gain_tolerance of the copies in turn (in_turn_gain, from the
// student's own speeds), of half the checker's gain (one copy's bytes over the time of both), of
// both where they lie that near each other, or of neither.
enum class both_slip { none, in_turn, one_copy, either };

both_slip both_slip_of(const link_trial& t) {
  const double truth_gain = duplex_gain(t.truth);
  if (truth_gain < duplex_ratio || !alone_right(t))
    return both_slip::none;
  const double gain = duplex_gain(t.reported);
  const bool in_turn = within_relative(gain, in_turn_gain(t.reported), duplex_gain_tolerance);
  const bool one_copy = within_relative(gain, truth_gain / 2, duplex_gain_tolerance);
  if (in_turn && one_copy)
    return both_slip::either;
  if (in_turn)
    return both_slip::in_turn;
  return one_copy ? both_slip::one_copy : both_slip::none;
}

// The one slip every wrong trial shows alone; `either` where one fits both or two differ; none
// where a wrong trial fits neither.
both_slip common_both_slip(const std::vector<link_trial>& trials) {
  both_slip common = both_slip::none;
  for (const link_trial& t : trials) {
    if (link_trial_right(t))
      continue;
    const both_slip slip = both_slip_of(t);
    if (slip == both_slip::none)
      return both_slip::none;
    common = common == both_slip::none || common == slip ? slip : both_slip::either;
  }
  return common;
}

std::string one_decimal(double gbps) {
  return number_text("%.1f GB/s", gbps);
}

// The sentence `id` with the trial's numbers, the student's and the checker's, and what each
// mistake of the "both" number makes of the student's speeds alone: the copies in turn, one copy's
// bytes over the time of both at the checker's gain.
std::string say_numbers(std::string_view id, const link_trial& t) {
  const double one_way = std::max(t.reported.to_device_gbps, t.reported.to_host_gbps);
  return say(id, {{"to_device", one_decimal(t.reported.to_device_gbps)},
                  {"to_host", one_decimal(t.reported.to_host_gbps)},
                  {"both", one_decimal(t.reported.both_gbps)},
                  {"to_device_truth", one_decimal(t.truth.to_device_gbps)},
                  {"to_host_truth", one_decimal(t.truth.to_host_gbps)},
                  {"both_truth", one_decimal(t.truth.both_gbps)},
                  {"in_turn", one_decimal(in_turn_gain(t.reported) * one_way)},
                  {"one_copy", one_decimal(duplex_gain(t.truth) / 2 * one_way)},
                  {"tolerance", share_text(duplex_gain_tolerance)}});
}

void show_both(check_outcome& outcome, const link_trial& t) {
  timed_call call = t.call;
  call.reported_ms = both_ms(t.bytes_each_way, t.reported.both_gbps);
  show_call(outcome, call, both_ms(t.bytes_each_way, t.truth.both_gbps));
}

} // namespace

double both_ms(double bytes_each_way, double gbps) {
  return gbps > 0 ? 2.0 * bytes_each_way / (gbps * 1e9) * 1e3 : 0.0;
}

double in_turn_gain(const link_numbers& n) {
  const double sum = n.to_device_gbps + n.to_host_gbps;
  return n.to_device_gbps > 0 && n.to_host_gbps > 0
             ? 2 * std::min(n.to_device_gbps, n.to_host_gbps) / sum
             : 0.0;
}

double duplex_gain(const link_numbers& n) {
  const double one_way = std::max(n.to_device_gbps, n.to_host_gbps);
  return one_way > 0 ? n.both_gbps / one_way : 0.0;
}

bool link_trial_right(const link_trial& trial) {
  return trial.copied && alone_right(trial) &&
         within_relative(trial.reported.both_gbps, trial.truth.both_gbps,
                         link_relative_tolerance) &&
         within_relative(duplex_gain(trial.reported), duplex_gain(trial.truth),
                         duplex_gain_tolerance);
}

check_outcome judge_link(const std::vector<link_trial>& trials, host_memory memory,
                         const std::string& section, int allowed_misses) {
  check_outcome outcome;
  outcome.name = say("check.l07.link.name");
  outcome.lesson_section = section;
  if (trials.empty())
    return outcome;
  const auto wrong = std::find_if(trials.begin(), trials.end(),
                                  [](const link_trial& t) { return !link_trial_right(t); });
  const link_trial& shown = wrong != trials.end() ? *wrong : trials.back();
  outcome.expected = say_numbers("check.l07.link.expected", shown);
  outcome.measured = say_numbers("check.l07.link.measured", shown);
  const bandwidth_slip unit = common_unit_slip(trials);
  const auto misses = std::count_if(trials.begin(), trials.end(),
                                    [](const link_trial& t) { return !link_trial_right(t); });
  outcome.passed = misses <= allowed_misses && unit == bandwidth_slip::none;
  if (outcome.passed)
    return outcome;

  // Facts no busy GPU makes come first; the why of a mere miss is the noise's or the trace's.
  outcome.noise_could_explain = false;
  const bool any_not_copied =
      std::any_of(trials.begin(), trials.end(), [](const link_trial& t) { return !t.copied; });
  const bool not_a_bandwidth = std::any_of(trials.begin(), trials.end(), [](const link_trial& t) {
    const std::array<double, 3> reported = numbers_of(t.reported);
    return !std::all_of(reported.begin(), reported.end(), is_bandwidth);
  });
  const bool slower_than_pinned =
      shown.reported.to_device_gbps < (1 - link_relative_tolerance) * shown.truth.to_device_gbps;
  if (any_not_copied) {
    outcome.message = say("check.l07.link.not-copied.message");
    outcome.hint = say("check.l07.link.not-copied.hint");
  } else if (not_a_bandwidth) {
    outcome.message = say_numbers("check.l07.link.not-a-bandwidth.message", shown);
    outcome.hint = say("check.l07.link.not-a-bandwidth.hint");
  } else if ((memory == host_memory::pageable || memory == host_memory::managed) &&
             slower_than_pinned) {
    const bool pageable = memory == host_memory::pageable;
    outcome.message = pageable ? say_numbers("check.l07.link.pageable.message", shown)
                               : say_numbers("check.l07.link.managed.message", shown);
    outcome.hint =
        pageable ? say("check.l07.link.pageable.hint") : say("check.l07.link.managed.hint");
    outcome.lesson_section = section.substr(0, section.find('#')) + "#pageable-and-pinned-memory";
  } else if (unit != bandwidth_slip::none) {
    if (unit == bandwidth_slip::in_gib_per_s) {
      outcome.message = say_numbers("check.l07.link.gib.message", shown);
      outcome.hint = say("check.l07.link.gib.hint");
    } else if (unit == bandwidth_slip::in_mb_per_s) {
      outcome.message = say_numbers("check.l07.link.mb.message", shown);
      outcome.hint = say("check.l07.link.mb.hint");
    } else {
      outcome.message = say_numbers("check.l07.link.seconds.message", shown);
      outcome.hint = say("check.l07.link.seconds.hint");
    }
    outcome.slip = bandwidth_slip_id(unit);
    // GiB is a factor near 1 that a neighbour slowing every copy alike can imitate in every number
    // (docs/ARCHITECTURE.md); a power of 1000 no neighbour makes.
    outcome.noise_could_explain = unit == bandwidth_slip::in_gib_per_s;
    show_both(outcome, shown); // the trace keeps the slip's name, at the lines that made it
  } else if (const both_slip slip = common_both_slip(trials); slip != both_slip::none) {
    // The copies one after the other, or one copy's bytes, each told by its own relation; where
    // the numbers fit both, or the trials differ, the cause is not determined. Slower copies may
    // be a neighbour's, which shares the link and the copy engines.
    if (slip == both_slip::in_turn) {
      outcome.message = say_numbers("check.l07.link.in-turn.message", shown);
      outcome.hint = say("check.l07.link.in-turn.hint");
    } else if (slip == both_slip::one_copy) {
      outcome.message = say_numbers("check.l07.link.one-copy.message", shown);
      outcome.hint = say("check.l07.link.one-copy.hint");
    } else {
      outcome.message = say_numbers("check.l07.link.both-undetermined.message", shown);
      outcome.hint = say("check.l07.link.both-undetermined.hint");
    }
    outcome.noise_could_explain = true;
    show_both(outcome, shown);
  } else {
    // Another measurement of the same copies is the truth: a busy GPU moves it either way.
    outcome.message = say_numbers("check.l07.link.off.message", shown);
    outcome.hint = say("check.l07.link.off.hint");
    outcome.noise_could_explain = true;
    outcome.says_only_how_far_off = true; // no cause: the trace's, or undetermined
    show_both(outcome, shown);
  }
  return outcome;
}

} // namespace gpucheck
