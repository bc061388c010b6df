// SPDX-License-Identifier: MIT
#include "analysis/replay_settings.hpp"

namespace gpucheck::analysis {

check_settings replay_settings(const check_settings& verdict_run,
                               const check_settings::prebuilt_program& checked,
                               const std::string& seed,
                               const std::vector<std::pair<std::string, std::string>>& tracer) {
  check_settings replay = verdict_run;
  replay.prebuilt = checked;
  replay.environment.insert(replay.environment.end(), tracer.begin(), tracer.end());
  replay.environment.emplace_back("GPUCHECK_SEED", seed);
  replay.sanitize = false;
  replay.watch_gpu = false;
  replay.reporter = &quiet_reporter();
  return replay;
}

} // namespace gpucheck::analysis
