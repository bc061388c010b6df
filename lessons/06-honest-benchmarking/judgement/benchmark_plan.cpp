// SPDX-License-Identifier: MIT
#include "judgement/benchmark_plan.hpp"

#include "checkapi/random_draw.hpp"
#include "checkapi/statistics.hpp"

#include <cmath>
#include <numeric>

namespace gpucheck {
namespace {

double whole_nanoseconds(double ms) {
  return static_cast<double>(std::llround(ms * 1e6)) * 1e-6;
}

// Every plan starts cold, for its first 25-40 ms, at 1.5-3 times the warm length: without a
// warm-up, or after one of a few runs or a few milliseconds, most of twenty samples of a
// millisecond are cold.
void draw_cold_start(run_plan& plan) {
  plan.cold_ms = random_between(25.0, most_cold_ms);
  plan.cold_factor = random_between(1.5, most_cold_factor);
}

} // namespace

run_plan draw_quiet_plan(double low_ms, double high_ms, bool outliers) {
  run_plan plan;
  plan.base_ms = low_ms * std::pow(high_ms / low_ms, random_between(0.0, 1.0));
  draw_cold_start(plan);
  if (outliers) {
    plan.outlier_share = random_between(0.14, 0.18);
    plan.outlier_factor = random_between(4.0, 6.0);
  }
  return plan;
}

run_plan draw_noise_plan(noise_level level) {
  run_plan plan;
  plan.base_ms = random_between(1.0, 3.0);
  draw_cold_start(plan);
  switch (level) {
  case noise_level::quiet:
    break;
  case noise_level::mild:
    plan.spread = random_between(0.08, 0.12);
    break;
  case noise_level::strong:
    plan.spread = random_between(0.5, 0.8);
    break;
  }
  return plan;
}

planned_runs::planned_runs(const run_plan& plan, std::uint64_t seed)
    : m_plan(plan), m_engine(seed) {}

double planned_runs::next_ms() {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const bool cold = m_done_ms < m_plan.cold_ms;
  const bool outlier = !cold && unit(m_engine) < m_plan.outlier_share;
  double warm = m_plan.base_ms * (1.0 + m_plan.spread * unit(m_engine));
  if (outlier)
    warm = m_plan.base_ms * m_plan.outlier_factor;
  if (cold)
    ++m_cold_runs;
  const double ms = whole_nanoseconds(cold ? warm * m_plan.cold_factor : warm);
  m_done_ms += ms;
  m_durations_ms.push_back(ms);
  return ms;
}

std::vector<double> planned_runs::warm_ms() const {
  return {m_durations_ms.begin() + m_cold_runs, m_durations_ms.end()};
}

runs_truth truth_of(const planned_runs& runs) {
  runs_truth truth;
  truth.cold_runs = runs.cold_runs();
  std::vector<double> warm = runs.warm_ms();
  if (warm.empty())
    warm.push_back(whole_nanoseconds(runs.plan().base_ms));
  else
    truth.warm_runs = static_cast<int>(warm.size());
  truth.median_ms = median(warm);
  truth.lower_quartile_ms = sorted_position(warm, 0.25);
  truth.upper_quartile_ms = sorted_position(warm, 0.75);
  truth.mean_ms = std::accumulate(warm.begin(), warm.end(), 0.0) / static_cast<double>(warm.size());
  truth.spread = relative_spread(warm);
  const std::vector<double>& all = runs.durations_ms();
  truth.cold_ms = median({all.begin(), all.begin() + runs.cold_runs()});
  return truth;
}

} // namespace gpucheck
