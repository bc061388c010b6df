// SPDX-License-Identifier: MIT
// The public lint corpus (checker/tests/public_corpus/README.md) is two hand-written tables: the
// pinned programs (PROGRAMS.tsv) and the verdict of every timed interval (VERDICTS.tsv). Their
// code is not in this repository, so nothing here needs a GPU or the programs: these tests check
// that the tables are complete and name only rules that exist, and that the check can fail.
#include "rules/registry.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using row = std::vector<std::string>;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, separator))
    parts.push_back(part);
  if (!text.empty() && text.back() == separator)
    parts.emplace_back();
  return parts;
}

// The rows of a tab-separated table after its header; blank lines are skipped.
std::vector<row> table_rows(const std::string& text, const std::string& header,
                            std::vector<std::string>& problems, const std::string& name) {
  std::vector<row> rows;
  std::istringstream lines(text);
  std::string line;
  if (!std::getline(lines, line) || line != header) {
    problems.push_back(name + ": the first line must be the header '" + header + "'");
    return rows;
  }
  const std::size_t columns = split(header, '\t').size();
  for (int number = 2; std::getline(lines, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    row fields = split(line, '\t');
    if (fields.size() != columns) {
      problems.push_back(name + " line " + std::to_string(number) + ": " +
                         std::to_string(fields.size()) + " columns, expected " +
                         std::to_string(columns));
      continue;
    }
    rows.push_back(std::move(fields));
  }
  return rows;
}

bool is_hex40(const std::string& text) {
  return text.size() == 40 && std::all_of(text.begin(), text.end(), [](unsigned char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

bool is_relative_path(const std::string& path) {
  return !path.empty() && path != "-" && path.front() != '/' &&
         path.find("..") == std::string::npos && path.find(' ') == std::string::npos;
}

// "a/b.cu:12" -> {"a/b.cu", 12}; {"", 0} when it is not a path and a positive line number.
std::pair<std::string, int> location(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon + 1 == text.size())
    return {"", 0};
  const std::string line = text.substr(colon + 1);
  if (!std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isdigit(c); }))
    return {"", 0};
  return {text.substr(0, colon), std::stoi(line)};
}

const char* programs_header =
    "id\trepository\tcommit\tmain\textra_files\tnvcc_flags\trun_args\tstdin\ttimeout_s";
const char* verdicts_header = "id\tstart\tstop\texpected\tacceptable\twhy";

// Every problem found in the two tables, as one sentence each; empty when they are sound.
std::vector<std::string> check_public_corpus(const std::string& programs_text,
                                             const std::string& verdicts_text,
                                             std::size_t minimum_programs) {
  std::vector<std::string> problems;
  std::map<std::string, std::set<std::string>> files_of; // program id -> its source files
  for (const row& fields : table_rows(programs_text, programs_header, problems, "PROGRAMS.tsv")) {
    const std::string& id = fields[0];
    const std::string where = "PROGRAMS.tsv " + (id.empty() ? std::string("(no id)") : id);
    if (id.empty() || !std::all_of(id.begin(), id.end(), [](unsigned char c) {
          return std::islower(c) || std::isdigit(c) || c == '-';
        }))
      problems.push_back(where + ": the id must be lower-case letters, digits and '-'");
    if (files_of.count(id) != 0)
      problems.push_back(where + ": the id is listed twice");
    const std::string& repository = fields[1];
    if (std::count(repository.begin(), repository.end(), '/') != 1 || repository.front() == '/' ||
        repository.back() == '/')
      problems.push_back(where + ": the repository must be owner/name");
    for (const char* excluded : {"nvidia/cuda-samples", "olcf/cuda-training-series"}) {
      std::string lower = repository;
      std::transform(lower.begin(), lower.end(), lower.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (lower == excluded)
        problems.push_back(where + ": " + repository + " is the held-out set, not this corpus");
    }
    if (!is_hex40(fields[2]))
      problems.push_back(where + ": the pinned commit must be 40 lower-case hex digits");
    std::set<std::string>& files = files_of[id];
    if (!is_relative_path(fields[3]) || fields[3].size() < 4 ||
        fields[3].substr(fields[3].size() - 3) != ".cu")
      problems.push_back(where + ": the main file must be a relative path to a .cu file");
    files.insert(fields[3]);
    if (fields[4] != "-") {
      for (const std::string& extra : split(fields[4], ',')) {
        // A header from another repository: OWNER/NAME@COMMIT:PATH.
        const auto at = extra.find('@');
        const auto colon = extra.find(':', at == std::string::npos ? 0 : at);
        if (at != std::string::npos) {
          const std::string owner_name = extra.substr(0, at);
          if (colon == std::string::npos ||
              std::count(owner_name.begin(), owner_name.end(), '/') != 1 ||
              !is_hex40(extra.substr(at + 1, colon - at - 1)) ||
              !is_relative_path(extra.substr(colon + 1)))
            problems.push_back(where + ": extra file '" + extra +
                               "' must be a relative path or OWNER/NAME@COMMIT:PATH");
          continue;
        }
        if (!is_relative_path(extra))
          problems.push_back(where + ": extra file '" + extra + "' is not a relative path");
        files.insert(extra);
      }
    }
    for (int column : {5, 6, 7}) {
      if (fields[static_cast<std::size_t>(column)].empty())
        problems.push_back(where + ": an empty column (write '-' for none)");
    }
    const std::string& timeout = fields[8];
    if (timeout.empty() ||
        !std::all_of(timeout.begin(), timeout.end(),
                     [](unsigned char c) { return std::isdigit(c); }) ||
        std::stoi(timeout) <= 0 || std::stoi(timeout) > 300)
      problems.push_back(where + ": timeout_s must be a whole number of seconds, 1 to 300");
  }
  if (files_of.size() < minimum_programs)
    problems.push_back("PROGRAMS.tsv lists " + std::to_string(files_of.size()) +
                       " programs; the corpus needs at least " + std::to_string(minimum_programs));

  std::set<std::string> judged;
  std::set<std::string> intervals;
  for (const row& fields : table_rows(verdicts_text, verdicts_header, problems, "VERDICTS.tsv")) {
    const std::string& id = fields[0];
    const std::string where = "VERDICTS.tsv " + id + " " + fields[1];
    const auto program = files_of.find(id);
    if (program == files_of.end()) {
      problems.push_back(where + ": no program '" + id + "' in PROGRAMS.tsv");
      continue;
    }
    judged.insert(id);
    if (!intervals.insert(id + " " + fields[1] + " " + fields[2]).second)
      problems.push_back(where + ": the interval is judged twice");
    for (std::size_t column : {1u, 2u}) {
      const auto [file, line] = location(fields[column]);
      if (line <= 0)
        problems.push_back(where + ": '" + fields[column] + "' is not FILE:LINE");
      else if (program->second.count(file) == 0)
        problems.push_back(where + ": " + file + " is not one of the program's files");
    }
    std::set<std::string> named;
    for (std::size_t column : {3u, 4u}) {
      if (fields[column].empty()) {
        problems.push_back(where + ": an empty rule column (write '-' for none)");
        continue;
      }
      if (fields[column] == "-")
        continue;
      for (const std::string& rule : split(fields[column], ',')) {
        if (gpucheck::rules::find_rule(rule) == nullptr)
          problems.push_back(where + ": no rule '" + rule + "' in the registry");
        if (!named.insert(rule).second)
          problems.push_back(where + ": rule '" + rule + "' named twice");
      }
    }
    if (fields[5].size() < 10)
      problems.push_back(where + ": the why must say what the code does");
  }
  for (const auto& [id, files] : files_of) {
    if (judged.count(id) == 0)
      problems.push_back("VERDICTS.tsv judges no interval of " + id);
  }
  return problems;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

const std::string good_programs =
    std::string(programs_header) +
    "\n"
    "demo-a\towner/repo\t0123456789abcdef0123456789abcdef01234567\tsrc/a.cu\tsrc/common.h\t-"
    "lcublas\t-\t-\t60\n";
const std::string good_verdicts = std::string(verdicts_header) +
                                  "\n"
                                  "demo-a\tsrc/a.cu:10\tsrc/common.h:20\tcold-start\t-\tthe first "
                                  "launch is inside the events\n";

bool mentions(const std::vector<std::string>& problems, const std::string& part) {
  return std::any_of(problems.begin(), problems.end(), [&](const std::string& problem) {
    return problem.find(part) != std::string::npos;
  });
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("the public corpus lists at least 15 pinned programs and judges every one of them") {
  const std::filesystem::path folder =
      std::filesystem::path(GPUCHECK_SOURCE_DIR) / "checker/tests/public_corpus";
  REQUIRE(std::filesystem::exists(folder / "PROGRAMS.tsv"));
  REQUIRE(std::filesystem::exists(folder / "VERDICTS.tsv"));
  const std::vector<std::string> problems = check_public_corpus(
      read_file(folder / "PROGRAMS.tsv"), read_file(folder / "VERDICTS.tsv"), 15);
  for (const std::string& problem : problems)
    FAIL_CHECK(problem);
  CHECK(problems.empty());
}

TEST_CASE("the public corpus check fails on a broken list or verdict") {
  CHECK(check_public_corpus(good_programs, good_verdicts, 1).empty());

  SUBCASE("a program without verdicts") {
    const std::string verdicts = std::string(verdicts_header) + "\n";
    CHECK(
        mentions(check_public_corpus(good_programs, verdicts, 1), "judges no interval of demo-a"));
  }
  SUBCASE("a rule id that is not in the registry") {
    const std::string verdicts = replaced(good_verdicts, "cold-start", "cold-starts");
    CHECK(mentions(check_public_corpus(good_programs, verdicts, 1), "no rule 'cold-starts'"));
  }
  SUBCASE("a commit that is not pinned to 40 hex digits") {
    const std::string programs =
        replaced(good_programs, "0123456789abcdef0123456789abcdef01234567", "main");
    CHECK(mentions(check_public_corpus(programs, good_verdicts, 1), "pinned commit"));
  }
  SUBCASE("an empty path or column") {
    const std::string programs = replaced(good_programs, "src/a.cu", "");
    CHECK(mentions(check_public_corpus(programs, good_verdicts, 1), "main file"));
    const std::string no_flags = replaced(good_programs, "-lcublas", "");
    CHECK(mentions(check_public_corpus(no_flags, good_verdicts, 1), "empty column"));
  }
  SUBCASE("a verdict line that names no line, or a file the program does not have") {
    CHECK(
        mentions(check_public_corpus(good_programs, replaced(good_verdicts, "a.cu:10", "a.cu"), 1),
                 "is not FILE:LINE"));
    CHECK(mentions(check_public_corpus(good_programs,
                                       replaced(good_verdicts, "src/a.cu:10", "src/b.cu:10"), 1),
                   "not one of the program's files"));
  }
  SUBCASE("a header from another repository must be pinned too") {
    const std::string pinned =
        replaced(good_programs, "src/common.h",
                 "src/common.h,owner/deps@0123456789abcdef0123456789abcdef01234567:inc/h.h");
    CHECK(check_public_corpus(pinned, good_verdicts, 1).empty());
    const std::string unpinned =
        replaced(good_programs, "src/common.h", "src/common.h,owner/deps@main:inc/h.h");
    CHECK(mentions(check_public_corpus(unpinned, good_verdicts, 1), "OWNER/NAME@COMMIT:PATH"));
  }
  SUBCASE("a verdict of a program that is not listed") {
    const std::string verdicts = good_verdicts + "demo-b\tx.cu:1\tx.cu:2\t-\t-\tno such program\n";
    CHECK(mentions(check_public_corpus(good_programs, verdicts, 1), "no program 'demo-b'"));
  }
  SUBCASE("the held-out repositories and too few programs") {
    const std::string programs = replaced(good_programs, "owner/repo", "NVIDIA/cuda-samples");
    CHECK(mentions(check_public_corpus(programs, good_verdicts, 1), "held-out set"));
    CHECK(mentions(check_public_corpus(good_programs, good_verdicts, 15), "at least 15"));
  }
  SUBCASE("a wrong header or a short row") {
    CHECK(mentions(check_public_corpus("id\trepo\n", good_verdicts, 1), "header"));
    CHECK(mentions(check_public_corpus(good_programs + "demo-c\towner/repo\n", good_verdicts, 1),
                   "columns"));
  }
}
