// SPDX-License-Identifier: MIT
/// @file benchmark_plan.hpp
/// @brief Ground truth for lesson 06's benchmark(): how long each run of the work given to one
/// call lasts, planned by the checker one run at a time, and what the warm runs took. Plain C++:
/// check.cu queues each run as paced work of the planned length (paced_work.cuh), whose share of
/// its stream is that length by construction; the unit tests plan runs without a GPU.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace gpucheck {

/// How the runs of one call last. A run is cold while the runs before it in the call lasted less
/// than `cold_ms` in all (the first run always is): it lasts `cold_factor` times its warm length.
/// A warm run lasts `base_ms` x (1 + u), u drawn uniformly from [0, `spread`); with probability
/// `outlier_share` it is an outlier instead, lasting `outlier_factor` x `base_ms`.
struct run_plan {
  double base_ms = 1.0;
  double spread = 0.0;
  double cold_ms = 0.0;
  double cold_factor = 1.0;
  double outlier_share = 0.0;
  double outlier_factor = 1.0;
};

/// How long the work stays cold at most (the runs of a call that start within this time of its
/// first run's start), and the longest a cold run lasts against a warm one: what exercise.h
/// promises the student.
constexpr double most_cold_ms = 40.0;
constexpr double most_cold_factor = 3.0;

/// Plans for the two checks of lesson 06. Each draws its numbers afresh (random_draw.hpp).
/// A quiet plan of a warm length drawn from [low_ms, high_ms), with a cold start, and outliers
/// (14-18% of the warm runs, 4-6 times as long) when `outliers`.
run_plan draw_quiet_plan(double low_ms, double high_ms, bool outliers);
/// How much a noisy plan varies: not at all, a little (spread 0.08-0.12, a relative spread of the
/// runs of about 4-6%), or much (spread 0.5-0.8, about 20-29%). Runs of 1-3 ms, a cold start.
enum class noise_level { quiet, mild, strong };
run_plan draw_noise_plan(noise_level level);

/// The runs of one call, planned as the student's function asks for them.
class planned_runs {
public:
  planned_runs(const run_plan& plan, std::uint64_t seed);

  /// The length of the next run [ms], in whole nanoseconds (what paced work runs), noted.
  double next_ms();

  const run_plan& plan() const { return m_plan; }
  int runs() const { return static_cast<int>(m_durations_ms.size()); }
  int cold_runs() const { return m_cold_runs; }
  const std::vector<double>& durations_ms() const { return m_durations_ms; }
  /// The lengths of the runs after the cold ones [ms].
  std::vector<double> warm_ms() const;

private:
  run_plan m_plan;
  std::mt19937_64 m_engine;
  std::vector<double> m_durations_ms;
  double m_done_ms = 0; // the planned length of the runs so far
  int m_cold_runs = 0;
};

/// What the warm runs of one call took: the truths a benchmark's median and noise figure are held
/// to. Positions as statistics.hpp's sorted_position().
struct runs_truth {
  double median_ms = 0;
  double lower_quartile_ms = 0;
  double upper_quartile_ms = 0;
  double mean_ms = 0;
  double spread = 0;  ///< relative_spread() of the warm runs
  double cold_ms = 0; ///< the median length of the cold runs (0: none)
  int warm_runs = 0;
  int cold_runs = 0;
};

/// The truths of `runs`; for a call that ran no warm run, those of the plan's warm length.
runs_truth truth_of(const planned_runs& runs);

} // namespace gpucheck
