// SPDX-License-Identifier: MIT
// Results go to a file that gpucheck opens and hands over as a descriptor, as JSON Lines, never
// through stdout: what the student's code prints cannot be mistaken for a verdict. check_main.cpp
// takes the file and the run's secret token (core/channel_descriptors.hpp) before any of the
// student's code runs, and every line carries a sequence number and a keyed digest
// (core/keyed_hash.hpp), so a line written by anyone else, or a line removed, is detected by
// gpucheck (core/check_results_file.cpp).
#include "checkapi/results_channel.hpp"

#include "checkapi/cpu_clock_watch.hpp"
#include "checkapi/random_draw.hpp"
#include "checkapi/say.hpp"
#include "checkapi/timing_trials.hpp"

#include <cmath>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace gpucheck {
namespace {

// Constant-initialized on purpose: open_results_channel() runs from a constructor before dynamic
// initialization, which must not reset these afterwards.
std::mutex channel_mutex;
int channel_fd = -1;
hash_key channel_line_key;
long channel_sequence = 0;
long channel_check_count = 0;
int test_case_ordinal = 0; // the doctest test case running now, 1 first; 0 before any

void append_signed(nlohmann::json line, const hash_key& key) {
  if (channel_fd < 0) {
    return;
  }
  line["seq"] = channel_sequence++;
  const auto text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line["mac"] = digest_hex(key, text);
  const std::string signed_text =
      line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (write(channel_fd, signed_text.data(), signed_text.size()) !=
      static_cast<ssize_t>(signed_text.size())) {
    std::fprintf(stderr, "%s\n", say("check.api.console.result-not-written").c_str());
  }
}

// A check that passed although the student's code read a clock of CPU time since the previous
// check reported: no pass, whatever the numbers, in every lesson (the trials of timing_trials.hpp
// name the clock per call; this catches every other check). It asks nothing of the check: a pass
// shows no call, so "did this check time GPU work" cannot be read from the outcome, and asking it
// let a CPU-time clock pass checks that show a call only when they fail (a warm-up's, a
// bandwidth's). A student's code in this course has no use for such a clock but timing, and the
// checker itself never reads one. A check program reports each check
// after the calls that it judges, so the reads since the previous report are this check's calls'.
// A pass shows no call; the refused check shows the student's call that read the clock
// (call_timed() noted it), so that the traced replay reads it and names the reads' lines. Its
// truth is not known here (0).
void refuse_pass_on_cpu_time_clock(check_outcome& outcome) {
  static std::uint64_t reads_at_last_report = 0;
  const std::uint64_t reads_before = reads_at_last_report;
  const cpu_clock read = cpu_clock_read_since(reads_before);
  reads_at_last_report = cpu_clock_reads();
  if (!outcome.passed || read == cpu_clock::none)
    return;
  fail_for_cpu_time_clock(outcome, read);
  if (outcome.call.begin_ns != 0)
    return;
  if (const auto call = call_read_cpu_clock_since(reads_before)) {
    outcome.call.begin_ns = call->begin_ns;
    outcome.call.end_ns = call->end_ns;
    outcome.call.tid = call->tid;
    outcome.call.reported_ms = call->reported_ms;
  }
}

} // namespace

bool report(const check_outcome& given) {
  check_outcome outcome = given;
  {
    std::lock_guard lock(channel_mutex);
    refuse_pass_on_cpu_time_clock(outcome);
    ++channel_check_count;
    nlohmann::json call = nullptr;
    if (outcome.call.begin_ns != 0) {
      call = {{"begin_ns", outcome.call.begin_ns},
              {"end_ns", outcome.call.end_ns},
              {"tid", outcome.call.tid},
              {"truth_ms", outcome.call.truth_ms},
              {"test_case", test_case_ordinal}};
      // No number (NaN): the function returned several, e.g. a first and a steady time.
      if (std::isfinite(outcome.call.reported_ms))
        call["reported_ms"] = outcome.call.reported_ms;
      if (outcome.call.per_run)
        call["per_run"] = true;
    }
    append_signed({{"type", "check"},
                   {"name", outcome.name},
                   {"passed", outcome.passed},
                   {"expected", outcome.expected},
                   {"measured", outcome.measured},
                   {"message", outcome.message},
                   {"hint", outcome.hint},
                   {"rule", outcome.rule},
                   {"lesson_section", outcome.lesson_section},
                   {"noise_could_explain", outcome.noise_could_explain},
                   {"assumes", outcome.assumes},
                   {"slip", outcome.slip},
                   {"only_how_far_off", outcome.says_only_how_far_off},
                   {"seen", outcome.states_what_was_seen},
                   {"call", call}},
                  channel_line_key);
  }
  const std::string headline = outcome.passed
                                   ? say("check.api.console.passed", {{"name", outcome.name}})
                                   : say("check.api.console.failed", {{"name", outcome.name}});
  std::printf("%s\n", headline.c_str());
  if (!outcome.passed) {
    std::printf("%s\n", say("check.api.console.failed-detail", {{"expected", outcome.expected},
                                                                {"measured", outcome.measured},
                                                                {"message", outcome.message}})
                            .c_str());
  }
  return outcome.passed;
}

namespace detail {

void open_results_channel(int fd, const hash_key& line_key) {
  std::lock_guard lock(channel_mutex);
  channel_fd = fd;
  channel_line_key = line_key;
}

int begin_test_case() {
  std::lock_guard lock(channel_mutex);
  return ++test_case_ordinal;
}

void write_summary(const summary_fields& summary, const hash_key& summary_key) {
  std::lock_guard lock(channel_mutex);
  append_signed({{"type", "summary"},
                 {"checks", channel_check_count},
                 {"gpu_used", summary.gpu_used},
                 {"device", summary.device_name},
                 {"skip_reason", summary.skip_reason},
                 {"seed", std::to_string(random_seed())},
                 {"noise_host_us", summary.noise_host_us},
                 {"noise_event_us", summary.noise_event_us}},
                summary_key);
}

} // namespace detail
} // namespace gpucheck
