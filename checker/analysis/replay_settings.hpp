// SPDX-License-Identifier: MIT
// The settings of the traced replay of a check (traced_check.hpp): what makes it run the same
// trials as the run that gave the verdict, under the tracer, without building anything again.
#pragma once

#include "core/check_runner.hpp"

#include <string>
#include <utility>
#include <vector>

namespace gpucheck::analysis {

// The verdict's run's settings, changed so that the replay runs `checked`, the program that run
// ran (built once: the replay never builds), with the same draws (GPUCHECK_SEED=`seed`) and the
// tracer's variables; without compute-sanitizer (it cannot share a process with the tracer);
// without reading the GPU's conditions through NVML (the verdict's run judged the noise, and only
// the replay's calls are read); and quiet (the command has said that it replays; a wait for the
// GPU is not said twice).
check_settings replay_settings(const check_settings& verdict_run,
                               const check_settings::prebuilt_program& checked,
                               const std::string& seed,
                               const std::vector<std::pair<std::string, std::string>>& tracer);

} // namespace gpucheck::analysis
