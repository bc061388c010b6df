// SPDX-License-Identifier: MIT
/// @file other_work.hpp
/// @brief Whether a call that should wait for its own stream alone waited for other streams'
/// work too, as the checker sees it: whether that work had ended when the call returned, and the
/// GPU's stamps of it against the timed work's. The number such a call returns can be right; the
/// wait is the mistake. Plain C++ (stream_state.cuh asks the runtime).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace gpucheck {

/// A span of GPU work, its start and end on the GPU's clock [ns].
struct gpu_span {
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
};

/// Milliseconds from one GPU stamp to a later one; 0 where `to_ns` is not later.
inline double ms_between(std::uint64_t from_ns, std::uint64_t to_ns) {
  return to_ns > from_ns ? static_cast<double>(to_ns - from_ns) * 1e-6 : 0.0;
}

/// The other work beside one call's timed work.
struct other_work_facts {
  bool done_at_return = false;     ///< other work had ended when the call returned
  double other_ms = 0;             ///< the first other work to end: its length [ms]
  bool work_started_after = false; ///< the timed work began only once that work had ended
  double ended_after_work_ms = 0;  ///< how long after the timed work that work ended [ms]
};

/// Notes in `facts` the first of `others` to end, against the timed `work`.
inline void note_other_work(other_work_facts& facts, gpu_span work,
                            const std::vector<gpu_span>& others) {
  gpu_span first{0, ~std::uint64_t{0}};
  for (const gpu_span& other : others) {
    if (other.end_ns < first.end_ns)
      first = other;
  }
  facts.other_ms = static_cast<double>(first.end_ns - first.start_ns) * 1e-6;
  facts.work_started_after = work.start_ns >= first.end_ns;
  facts.ended_after_work_ms =
      first.end_ns > work.end_ns ? static_cast<double>(first.end_ns - work.end_ns) * 1e-6 : 0.0;
}

/// The calls of a check that returned only after the other work had ended.
struct other_waits {
  long waited = 0; ///< how many
  int shown = -1;  ///< the first of them, the call a failure shows; -1: none
  /// A GPU that stops running this process for long stretches (another process's turn) can push
  /// the two ends together: a wait is one noise could explain where the timed work began only
  /// after the other work, or the other work ended within 5 ms of it.
  bool noise_could_explain = false;
};

/// The waits among `trials`, each with a member `other` (other_work_facts), in order.
template <typename Trial> other_waits count_other_waits(const std::vector<Trial>& trials) {
  other_waits waits;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const other_work_facts& other = trials[i].other;
    if (!other.done_at_return)
      continue;
    ++waits.waited;
    if (waits.shown < 0)
      waits.shown = static_cast<int>(i);
    if (other.work_started_after || other.ended_after_work_ms < 5.0)
      waits.noise_could_explain = true;
  }
  return waits;
}

} // namespace gpucheck
