// SPDX-License-Identifier: MIT
#include "core/gpu_checks_not_run.hpp"

#include "core/process_runner.hpp"
#include "messages/messages.hpp"

#include <sstream>

namespace gpucheck {
namespace fs = std::filesystem;

std::vector<std::string> parse_listed_test_cases(const std::string& doctest_output) {
  // [doctest] listing all test case names
  // =====...
  // first name
  // ...
  // =====...
  // [doctest] unskipped test cases passing the current filters: N
  std::vector<std::string> names;
  std::istringstream lines(doctest_output);
  std::string line;
  int rules_seen = 0;
  bool listing = false;
  while (std::getline(lines, line)) {
    if (line.find("[doctest] listing all test case names") != std::string::npos) {
      listing = true;
      rules_seen = 0;
      continue;
    }
    if (!listing) {
      continue;
    }
    if (line.rfind("=====", 0) == 0) {
      if (++rules_seen == 2) {
        break;
      }
      continue;
    }
    if (rules_seen == 1 && !line.empty()) {
      names.push_back(line);
    }
  }
  return names;
}

std::vector<std::string> list_gpu_checks(const fs::path& program) {
  process_options options;
  options.argv = {program.string(), "--list-test-cases", "--test-suite=gpu"};
  options.environment = {{"CUDA_VISIBLE_DEVICES", ""}}; // listing needs no GPU, nor takes one
  options.time_limit = std::chrono::seconds(20);
  const process_result listed = run_process(options);
  return listed.started ? parse_listed_test_cases(listed.output) : std::vector<std::string>{};
}

void explain_checks_not_run(check_report& report, const lesson_entry& lesson,
                            const fs::path& source_dir, const fs::path& program) {
  report.not_run_checks = list_gpu_checks(program);
  if (report.verdict != exit_code::no_device) {
    return; // a check that needs no GPU failed: its own advice comes first
  }
  const std::string number = lesson.folder.substr(0, 2);
  const std::string lesson_text = fs::relative(lesson.text_file(), source_dir).string();
  const int ran = static_cast<int>(report.checks.size());
  report.advice = ran > 0 ? messages::text("advice.no-gpu-meanwhile", {{"ran", std::to_string(ran)},
                                                                       {"number", number},
                                                                       {"text", lesson_text}})
                          : messages::text("advice.no-gpu-meanwhile-none",
                                           {{"number", number}, {"text", lesson_text}});
}

} // namespace gpucheck
