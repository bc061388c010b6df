// SPDX-License-Identifier: MIT
// The diagnosis corpus: each lesson's submissions (lessons/NN-slug/tests/diagnosis/NAME.cu), each
// with the trace that tools/gpu-diagnose.sh recorded of it on a GPU
// (lessons/NN-slug/tests/diagnosis-traces/NAME.trace.jsonl).
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
  std::vector<corpus_submission> submissions;
  for (const auto& lesson : fs::directory_iterator(fs::path(GPUCHECK_SOURCE_DIR) / "lessons")) {
    const fs::path corpus = lesson.path() / "tests" / "diagnosis";
    if (!fs::is_directory(corpus))
      continue;
    for (const auto& entry : fs::directory_iterator(corpus)) {
      if (entry.path().extension() == ".cu")
        submissions.push_back({entry.path(), lesson.path() / "tests" / "diagnosis-traces" /
                                                 (entry.path().stem().string() + ".trace.jsonl")});
    }
  }
  std::sort(submissions.begin(), submissions.end(),
            [](const auto& a, const auto& b) { return a.source < b.source; });
  return submissions;
}

} // namespace gpucheck::test
