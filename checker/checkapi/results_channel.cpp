// SPDX-License-Identifier: MIT
// Results go to a file that gpucheck names in GPUCHECK_RESULTS, as JSON Lines, never through
// stdout: what the student's code prints cannot be mistaken for a verdict. Each line carries the
// token gpucheck drew for this run (GPUCHECK_TOKEN).
#include "checkapi/results_channel.hpp"

#include "checkapi/random_draw.hpp"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <nlohmann/json.hpp>

namespace gpucheck {
namespace {

std::mutex channel_mutex;

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

void append_line(const nlohmann::json& line) {
  const std::string path = environment("GPUCHECK_RESULTS");
  if (path.empty()) {
    return;
  }
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (file == nullptr) {
    std::fprintf(stderr, "gpucheck: cannot write results to %s\n", path.c_str());
    return;
  }
  const std::string text = line.dump() + "\n";
  std::fwrite(text.data(), 1, text.size(), file);
  std::fclose(file);
}

} // namespace

bool report(const check_outcome& outcome) {
  std::lock_guard lock(channel_mutex);
  append_line({{"type", "check"},
               {"token", environment("GPUCHECK_TOKEN")},
               {"name", outcome.name},
               {"passed", outcome.passed},
               {"expected", outcome.expected},
               {"measured", outcome.measured},
               {"message", outcome.message},
               {"hint", outcome.hint},
               {"rule", outcome.rule},
               {"lesson_section", outcome.lesson_section}});
  std::printf("[%s] %s\n", outcome.passed ? "pass" : "FAIL", outcome.name.c_str());
  if (!outcome.passed) {
    std::printf("       expected %s, measured %s\n       %s\n", outcome.expected.c_str(),
                outcome.measured.c_str(), outcome.message.c_str());
  }
  return outcome.passed;
}

void report_summary(bool gpu_used, const std::string& device_name, const std::string& skip_reason) {
  std::lock_guard lock(channel_mutex);
  append_line({{"type", "summary"},
               {"token", environment("GPUCHECK_TOKEN")},
               {"gpu_used", gpu_used},
               {"device", device_name},
               {"skip_reason", skip_reason},
               {"seed", std::to_string(random_seed())}});
}

} // namespace gpucheck
