// SPDX-License-Identifier: MIT
// The settings of the traced replay of a check (traced_check.hpp): what makes it run the same
// trials as the run that gave the verdict, under the tracer, without building anything again, and
// no further into the check program than the calls it reads.
#pragma once

#include "core/check_report.hpp"
#include "core/check_runner.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gpucheck::analysis {

// Whether the replay reads the call that `item` shows: a failed check's, or any check's when the
// replay confirms the passes of a run on a disturbed GPU; never a check's that showed none.
bool call_read_in_replay(const check_item& item, bool confirming);

// The last of the check program's test cases that the replay runs: the latest that holds a call
// it reads. The test cases run in the verdict's order, so every one the replay runs sees the same
// draws and the same state as in the verdict's run; those after it are left out. nullopt, for
// every test case: when the whole run is wanted (a timeline, a kept trace), or when a call's test
// case is not known (a check program built before they were sent).
std::optional<int> last_test_case_read(const check_report& report, bool confirming, bool whole_run);

// Which test cases, up to the last one the replay runs, it reads a failed call of and which it
// reads only passed calls of (to confirm them). Every other test case it runs only for what the
// verdict's run ran before the calls it reads: there each check stops after its first trial
// (checkapi/timing_trials.hpp, replay_has_its_call), and a read one after the trial that holds
// its call. nullopt for the whole run: a picture or a kept trace, a call whose test case is not
// known, or nothing to read. last_test_case_read is the latest test case in it.
struct test_cases_read {
  std::vector<int> failed;
  std::vector<int> passed;
};
std::optional<test_cases_read> what_the_replay_reads(const check_report& report, bool confirming,
                                                     bool whole_run);

// The verdict's run's settings, changed so that the replay runs `checked`, the program that run
// ran (built once: the replay never builds), with the same draws (GPUCHECK_SEED=`seed`) and the
// tracer's variables, up to test case `last_test_case` (doctest's --dt-last) when it is given,
// reading in each test case what `reads` says (GPUCHECK_REPLAY_FAILS and _PASSES) when given;
// without compute-sanitizer (it cannot share a process with the tracer); without reading the
// GPU's conditions through NVML (the verdict's run judged the noise, and only the replay's calls
// are read); and quiet (the command has said that it replays; a wait for the GPU is not said
// twice).
check_settings replay_settings(const check_settings& verdict_run,
                               const check_settings::prebuilt_program& checked,
                               const std::string& seed,
                               const std::vector<std::pair<std::string, std::string>>& tracer,
                               std::optional<int> last_test_case = std::nullopt,
                               const std::optional<test_cases_read>& reads = std::nullopt);

} // namespace gpucheck::analysis
