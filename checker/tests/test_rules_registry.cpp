// SPDX-License-Identifier: MIT
#include "test_rules_support.hpp"

#include "core/lesson_catalog.hpp"
#include "rules/registry.hpp"
#include "rules/run_rules.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <vector>

using namespace gpucheck;

TEST_CASE("the registry lists every rule of docs/ARCHITECTURE.md's rule table") {
  const std::set<std::string> design_ids{
      "unsynced-stop",      "stale-queue",           "cold-start",     "event-stream-mismatch",
      "event-not-complete", "event-timing-disabled", "cpu-time-clock", "setup-in-region",
      "below-resolution",   "sync-other-stream",     "calendar-clock"};
  std::set<std::string> listed;
  for (const rules::rule_info& rule : rules::all_rules()) {
    CAPTURE(rule.id);
    listed.insert(std::string(rule.id));
    CHECK_FALSE(rule.title.empty());
    CHECK(rules::find_rule(rule.id) == &rule);
  }
  for (const std::string& id : design_ids)
    CHECK(listed.count(id) == 1);
  CHECK(rules::find_rule("no-such-rule") == nullptr);
}

namespace {

// The anchors of a lesson's headings, as Pandoc and Git hosts make them: lower case, spaces to
// hyphens, punctuation other than hyphens and underscores dropped.
std::set<std::string> heading_anchors(const std::filesystem::path& lesson_md) {
  std::set<std::string> anchors;
  std::ifstream file(lesson_md);
  bool in_code = false;
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("```", 0) == 0)
      in_code = !in_code;
    if (in_code || line.empty() || line[0] != '#')
      continue;
    const std::size_t text_start = line.find_first_not_of("# ");
    std::string anchor;
    for (std::size_t i = text_start; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      if (std::isalnum(c) || c == '-' || c == '_')
        anchor += static_cast<char>(std::tolower(c));
      else if (c == ' ')
        anchor += '-';
    }
    anchors.insert(anchor);
  }
  return anchors;
}

} // namespace

TEST_CASE("each rule a lesson's front matter names is a rule, taught in a section of it") {
  // A rule's learn link is the lesson whose front matter names it (core/lesson_catalog.hpp,
  // rule_links): every name there is a rule, its section a heading of that lesson.md, and no rule
  // is taught by two lessons.
  const std::filesystem::path source = GPUCHECK_SOURCE_DIR;
  const auto catalog = lesson_catalog::scan(source / "lessons", source / "solutions");
  std::set<std::string> taught;
  for (const lesson_entry& lesson : catalog.lessons()) {
    CAPTURE(lesson.folder);
    const std::set<std::string> anchors = heading_anchors(lesson.lesson_dir / "lesson.md");
    for (const taught_rule& rule : lesson.rules) {
      CAPTURE(rule.id);
      CHECK(rules::find_rule(rule.id) != nullptr);
      CHECK(anchors.count(rule.section) == 1);
      CHECK_MESSAGE(taught.insert(rule.id).second, "another lesson teaches it too");
    }
  }
  CHECK_FALSE(taught.empty());
}

TEST_CASE("each lesson.zh.md's front matter names the rules and sections of its lesson.md") {
  // Both texts have the same anchors (book.translations), and the learn link of the Chinese text
  // is the English one's section in it (section_link_in_language): the lists must agree.
  const std::filesystem::path source = GPUCHECK_SOURCE_DIR;
  const auto catalog = lesson_catalog::scan(source / "lessons", source / "solutions");
  for (const lesson_entry& lesson : catalog.lessons()) {
    const auto chinese = lesson.lesson_dir / "lesson.zh.md";
    if (!std::filesystem::exists(chinese))
      continue; // book.translations fails for a lesson without one
    CAPTURE(lesson.folder);
    std::ifstream file(chinese);
    const std::string text((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    CHECK(taught_rules(text) == lesson.rules);
  }
}

TEST_CASE("docs/ARCHITECTURE.md lists every rule, and the sections code cites exist") {
  const std::filesystem::path source = GPUCHECK_SOURCE_DIR;
  std::ifstream file(source / "docs" / "ARCHITECTURE.md");
  REQUIRE(file.good());
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  for (const rules::rule_info& rule : rules::all_rules()) {
    CAPTURE(rule.id);
    CHECK(text.find("| `" + std::string(rule.id) + "` |") != std::string::npos);
  }
  // `docs/ARCHITECTURE.md, "Section"` in any source file names a heading of the page.
  const std::string cite = "ARCHITECTURE.md, \"";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(source / "checker")) {
    const auto extension = entry.path().extension();
    if (extension != ".cpp" && extension != ".hpp" && extension != ".cu" && extension != ".cuh")
      continue;
    if (entry.path().parent_path().filename() == "tests")
      continue; // this test's own comment shows the form
    std::ifstream code(entry.path());
    for (std::string line; std::getline(code, line);) {
      const auto at = line.find(cite);
      if (at == std::string::npos)
        continue;
      const auto begin = at + cite.size();
      const std::string section = line.substr(begin, line.find('"', begin) - begin);
      CAPTURE(entry.path());
      CHECK(text.find("## " + section + "\n") != std::string::npos);
    }
  }
}

TEST_CASE("every rule fires on its own fixture and on no other mistake's fixture") {
  const std::vector<std::pair<std::string, std::string>> fixture_rule{
      {"unsynced_stop_no_sync", "unsynced-stop"},
      {"stale_queue_device_sync", "stale-queue"},
      {"cold_start_first_launch", "cold-start"},
      {"event_stream_mismatch_non_blocking", "event-stream-mismatch"},
      {"event_not_complete", "event-not-complete"},
      {"event_timing_disabled", "event-timing-disabled"},
      {"cpu_time_clock_blocking_sync", "cpu-time-clock"},
      {"setup_in_region_malloc", "setup-in-region"},
      {"below_resolution_single_tiny_kernel", "below-resolution"},
      {"sync_other_stream", "sync-other-stream"},
      {"calendar_clock_stepped", "calendar-clock"}};
  for (const auto& [fixture, rule] : fixture_rule) {
    CAPTURE(fixture);
    const auto findings = rules::run_rules(test::synthetic_trace(fixture));
    CHECK(test::rule_ids(findings) == std::vector<std::string>{rule});
    for (const rules::finding& f : findings) {
      CHECK(f.message.find('\n') == std::string::npos);
      CHECK_FALSE(f.hint.empty());
    }
  }
}

TEST_CASE("a finding links to the lesson that teaches its rule, and to none where none does") {
  const trace::run_trace trace = test::synthetic_trace("unsynced_stop_no_sync");
  SUBCASE("a lesson teaches it") {
    rules::rule_options options;
    options.learn = {{"unsynced-stop", "lessons/43-my-topic/lesson.md#wait-first"},
                     {"cold-start", "lessons/41-other-topic/lesson.md#start-up"}};
    const auto findings = rules::run_rules(trace, options);
    REQUIRE(test::rule_ids(findings) == std::vector<std::string>{"unsynced-stop"});
    CHECK(findings[0].lesson == "lessons/43-my-topic/lesson.md#wait-first");
  }
  SUBCASE("no lesson teaches it") {
    rules::rule_options options;
    options.learn = {{"cold-start", "lessons/41-other-topic/lesson.md#start-up"}};
    const auto findings = rules::run_rules(trace, options);
    REQUIRE(test::rule_ids(findings) == std::vector<std::string>{"unsynced-stop"});
    CHECK(findings[0].lesson.empty());
  }
}

namespace {

// The rule ids of each rule table in a Markdown file: a table whose rows start with a cell that is
// only a rule id in backquotes (| `unsynced-stop` | ...), naming at least one rule of the registry.
std::vector<std::set<std::string>> rule_tables(const std::filesystem::path& markdown) {
  static const std::regex row(R"(^\| `([a-z]+(-[a-z]+)*)` \|)");
  std::vector<std::set<std::string>> tables;
  std::ifstream file(markdown);
  bool in_table = false;
  for (std::string line; std::getline(file, line);) {
    std::smatch match;
    if (!std::regex_search(line, match, row)) {
      in_table = in_table && line.rfind('|', 0) == 0; // a header or another row of the table
      continue;
    }
    if (!in_table)
      tables.emplace_back();
    in_table = true;
    tables.back().insert(match[1].str());
  }
  std::erase_if(tables, [](const std::set<std::string>& ids) {
    return std::none_of(ids.begin(), ids.end(),
                        [](const std::string& id) { return rules::find_rule(id) != nullptr; });
  });
  return tables;
}

} // namespace

TEST_CASE("every rule table of README.md and docs/ names exactly the registry's rules") {
  // The registry is the one list of rules: a table written elsewhere is held to it by id, so that
  // a new rule is one file and one registry row, and a table that misses it fails here.
  const std::filesystem::path source = GPUCHECK_SOURCE_DIR;
  std::set<std::string> registry;
  for (const rules::rule_info& rule : rules::all_rules())
    registry.insert(std::string(rule.id));
  std::vector<std::filesystem::path> pages{source / "README.md"};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(source / "docs")) {
    if (entry.path().extension() == ".md")
      pages.push_back(entry.path());
  }
  int tables = 0;
  for (const auto& page : pages) {
    for (const std::set<std::string>& ids : rule_tables(page)) {
      ++tables;
      CAPTURE(page.string());
      for (const std::string& id : registry)
        CHECK_MESSAGE(ids.count(id) == 1, "the rule table lacks " << id);
      for (const std::string& id : ids)
        CHECK_MESSAGE(registry.count(id) == 1, "the rule table names " << id << ", no rule");
    }
  }
  CHECK(tables >= 1); // docs/ARCHITECTURE.md's, at least
}
