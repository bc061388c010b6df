// SPDX-License-Identifier: MIT
// The diagnosis corpus (fixtures/diagnosis/NN-slug/NAME.cu), each submission with the trace that
// tools/gpu-diagnose.sh recorded of it on a GPU
// (fixtures/diagnosis/traces/NN-slug/NAME.trace.jsonl).
#pragma once

#include <algorithm>
#include <filesystem>
#include <vector>

namespace gpucheck::test {

struct corpus_submission {
  std::filesystem::path source;
  std::filesystem::path trace_file; // may be missing: then it is still to be recorded
};

inline std::vector<corpus_submission> diagnosis_corpus() {
  namespace fs = std::filesystem;
  const fs::path corpus = fs::path(GPUCHECK_FIXTURES_DIR) / "diagnosis";
  std::vector<corpus_submission> submissions;
  for (const auto& lesson : fs::directory_iterator(corpus)) {
    if (!lesson.is_directory() || lesson.path().filename() == "traces")
      continue;
    for (const auto& entry : fs::directory_iterator(lesson.path())) {
      if (entry.path().extension() == ".cu")
        submissions.push_back({entry.path(), corpus / "traces" / lesson.path().filename() /
                                                 (entry.path().stem().string() + ".trace.jsonl")});
    }
  }
  std::sort(submissions.begin(), submissions.end(),
            [](const auto& a, const auto& b) { return a.source < b.source; });
  return submissions;
}

} // namespace gpucheck::test
