// SPDX-License-Identifier: MIT
/// @file benchmark_judgement.hpp
/// @brief Judging lesson 06's benchmark(): its noise figure against the spread of the runs the
/// checker planned (benchmark_plan.hpp), and what a wrong median's numbers suggest. Plain C++:
/// check.cu runs the calls on the GPU and hands the numbers here; the unit tests hand simulated
/// ones. The median itself is judged as any timing is (timing_trials.hpp).
#pragma once

#include "judgement/benchmark_plan.hpp"

#include <string>
#include <vector>

namespace gpucheck {

/// One call of a student's benchmark(): what it returned, and what its work really did.
struct benchmark_call {
  double median_ms = 0; ///< [ms] the median the function returned
  double noise = 0;     ///< the noise figure it returned (a fraction: 0.05 is 5%)
  int samples = 0;      ///< how many samples it said the median is of
  int runs = 0;         ///< how many runs of the work the call made
  runs_truth truth;     ///< what the warm runs took
};

/// What the numbers of a wrong median suggest, for its hint; asked in the order mean (only where
/// outliers part it from the median), cold runs, timing cost, several runs. Inferred, not proven: a
/// busy GPU can lengthen a median by any amount, so none of these makes a failure inexcusable.
enum class median_clue {
  none,
  cold_runs,    ///< it is the cold runs' length (within 1.5%): no warm-up, or too short a one
  timing_cost,  ///< short work (under 0.1 ms) read 1-40 us long: one run per timing
  several_runs, ///< about a whole number (2 or more) of runs: a batch not divided by its runs
  mean_of_runs, ///< too long where outliers part the warm runs' mean from their median
};
median_clue clue_for_median(const benchmark_call& call);

/// How far a noise figure may be from the warm runs' relative spread `truth`: from truth / 2.5
/// less 0.5 points to 2.5 x truth plus 3 points. The quartiles of 20 samples of the planned
/// spreads fall outside in 0.3% of calls at most (simulated:
/// lessons/06-honest-benchmarking/tests/unit/test_benchmark_judgement.cpp), of 10 samples in 3%; a
/// quiet run read with a host clock (about 1%) falls inside. A constant cannot pass both quiet runs
/// (3% at most) and strongly varying ones (8% at least).
struct noise_bounds {
  double low = 0;
  double high = 0;
};
noise_bounds allowed_noise(double truth);

enum class noise_verdict {
  accurate,
  too_low,        ///< the noise figure is below what the runs varied
  too_high,       ///< above it
  median_outside, ///< the median lies outside the runs' quartiles (5% allowed on each side)
  not_a_number,   ///< NaN, infinite or negative
};
noise_verdict judge_noise_call(const benchmark_call& call);

/// Whether a busy or throttled GPU could have produced this verdict for `call`. Contention
/// lengthens samples unevenly: it raises a noise figure and lengthens a median. It can also make
/// every sample one length that is not the runs': on an H100 beside gpu_load, five calls whose
/// runs' medians were 2.37 to 3.09 ms returned medians of 4.546 to 4.555 ms, and those of 20
/// samples a noise of 0.1% (the GPU's time slices, probably). Where that length falls inside the
/// runs' quartiles, the median looks right and the noise figure too low. No busy GPU makes a
/// median shorter than the runs.
bool noise_could_cause(noise_verdict verdict, const benchmark_call& call);

/// The judgement of a noise check's calls: passed when at most `allowed_misses` calls are not
/// accurate. `shown` is the first call that is not (-1: none). A noise figure that was the same
/// in every call (3 or more) is named as such, and no noise excuses it.
struct noise_judgement {
  bool passed = false;
  bool noise_could_explain = false;
  int hits = 0;
  int shown = -1;
  noise_verdict verdict = noise_verdict::accurate;
  bool same_every_call = false;
  /// A call said its median and noise are of fewer than `fewest_samples` samples, or of more
  /// samples than it ran the work (each sample is one run or more; the checker counts the runs):
  /// the first such call (-1: none). The numbers alone cannot show a median of too few samples;
  /// the count can (issue 42, item 6).
  int too_few_samples = -1;
  /// Every wrong call's noise figure is a percentage (100 times a figure within the bounds):
  /// "percent-for-fraction" (slip_analysis.hpp's id), which no busy GPU makes; every wrong call's
  /// median and noise figure swapped (median_and_noise_swapped): "swapped"; "" otherwise.
  std::string slip;
};
/// exercise.h's contract: the median and the noise are of this many samples at least.
constexpr int fewest_samples = 20;

/// The median and the noise figure swapped (slip_analysis.hpp's "swapped"): the noise figure is
/// the warm runs' median in milliseconds (within their quartiles, 5% allowed on each side, as a
/// median is judged) and the median a figure below the runs' lower quartile. Exact, as no
/// busy GPU moves a figure into the other's place; asked only where the two truths are apart (a
/// median above the noise's upper bound: lesson 06's runs of 5 us, 0.005 ms, could be either).
bool median_and_noise_swapped(const benchmark_call& call);

/// Every call that is not accurate shows the swap, and at least one is not accurate.
bool swapped_in_every_wrong_call(const std::vector<benchmark_call>& calls);

noise_judgement judge_noise_calls(const std::vector<benchmark_call>& calls, int allowed_misses);

} // namespace gpucheck
