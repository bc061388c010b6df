// SPDX-License-Identifier: MIT
// The diagnosis corpus: each lesson's submissions (lessons/NN-slug/tests/diagnosis/NAME.cu), each
// with the trace that tools/gpu-diagnose.sh recorded of it on a GPU
// (lessons/NN-slug/tests/diagnosis-traces/NAME.trace.jsonl.gz, gzip-compressed). A submission whose
// trace is still to be recorded on a GPU is listed, by file name, in
// lessons/NN-slug/tests/diagnosis/unrecorded.txt.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace gpucheck::test {

struct corpus_submission {
  std::filesystem::path source;
  std::filesystem::path trace_file; // may be missing: then it is still to be recorded
  bool listed_unrecorded = false;   // named in its folder's unrecorded.txt
};

// The names listed in `folder`/unrecorded.txt, one a line ("#" starts a comment).
inline std::set<std::string> unrecorded_names(const std::filesystem::path& folder) {
  std::set<std::string> names;
  std::ifstream list(folder / "unrecorded.txt");
  for (std::string line; std::getline(list, line);) {
    line = line.substr(0, line.find('#'));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r'))
      line.pop_back();
    if (!line.empty())
      names.insert(line);
  }
  return names;
}

inline std::vector<corpus_submission> diagnosis_corpus() {
  namespace fs = std::filesystem;
  std::vector<corpus_submission> submissions;
  for (const auto& lesson : fs::directory_iterator(fs::path(GPUCHECK_SOURCE_DIR) / "lessons")) {
    const fs::path corpus = lesson.path() / "tests" / "diagnosis";
    if (!fs::is_directory(corpus))
      continue;
    const std::set<std::string> unrecorded = unrecorded_names(corpus);
    for (const auto& entry : fs::directory_iterator(corpus)) {
      if (entry.path().extension() == ".cu")
        submissions.push_back({entry.path(),
                               lesson.path() / "tests" / "diagnosis-traces" /
                                   (entry.path().stem().string() + ".trace.jsonl.gz"),
                               unrecorded.count(entry.path().filename().string()) == 1});
    }
  }
  std::sort(submissions.begin(), submissions.end(),
            [](const auto& a, const auto& b) { return a.source < b.source; });
  return submissions;
}

} // namespace gpucheck::test
