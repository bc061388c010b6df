// SPDX-License-Identifier: MIT
// The message catalogue (messages/messages.hpp): every id in both languages with the same
// placeholders, in every words file (gpucheck's, the check API's, each lesson's) and in the
// catalogue built from them, every id the sources name exists, the language chosen from the
// environment, and the reports in Chinese (terminal columns, lint on a trace recorded on an H200).
#include "test_rules_support.hpp"

#include "messages/messages.hpp"
#include "report/lint_report.hpp"
#include "report/terminal_report.hpp"
#include "rules/run_rules.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace gpucheck;
namespace fs = std::filesystem;

namespace {

std::map<std::string, std::string> table(messages::language chosen) {
  std::map<std::string, std::string> texts;
  for (const messages::entry& item : messages::catalogue(chosen)) {
    CAPTURE(item.id);
    CHECK_MESSAGE(texts.count(std::string(item.id)) == 0, "an id is in the catalogue twice");
    texts[std::string(item.id)] = std::string(item.text);
  }
  return texts;
}

std::set<std::string> as_set(const std::vector<std::string>& names) {
  return {names.begin(), names.end()};
}

// A wide (CJK) character takes two columns: the width exceeds the count of characters.
bool has_chinese(const std::string& text) {
  std::size_t characters = 0;
  for (const unsigned char byte : text)
    characters += (byte & 0xC0) != 0x80 ? 1 : 0;
  return messages::display_width(text) > characters;
}

// Sets the language for one test case and puts English back after it.
struct language_for_test {
  explicit language_for_test(messages::language chosen) { messages::set_language(chosen); }
  ~language_for_test() { messages::set_language(messages::language::english); }
};

// id -> text of a words file, its sections flattened (docs/ARCHITECTURE.md, "Messages and
// languages").
using words_file = std::map<std::string, std::string>;

void read_words(const nlohmann::json& object, words_file& words) {
  for (const auto& [key, value] : object.items()) {
    CAPTURE(key);
    if (value.is_object()) {
      read_words(value, words);
      continue;
    }
    REQUIRE_MESSAGE(value.is_string(), "the words of an id are not a string");
    words[key] = value.get<std::string>();
  }
}

words_file read_words(const fs::path& path) {
  std::ifstream file(path);
  REQUIRE(file.good());
  const nlohmann::json json = nlohmann::json::parse(file);
  REQUIRE(json.is_object());
  words_file words;
  read_words(json, words);
  return words;
}

// Every words.en.json of the course (gpucheck's, the check API's, each lesson's): the files that
// cmake/Words.cmake compiles into the catalogue.
std::vector<fs::path> english_words_files() {
  const fs::path root(GPUCHECK_SOURCE_DIR);
  std::vector<fs::path> found = {root / "checker" / "messages" / "words.en.json",
                                 root / "checker" / "checkapi" / "words.en.json"};
  for (const auto& item : fs::directory_iterator(root / "lessons")) {
    if (fs::exists(item.path() / "words.en.json"))
      found.push_back(item.path() / "words.en.json");
  }
  return found;
}

} // namespace

TEST_CASE("every words file has its Chinese twin with the same ids and placeholders, compiled in") {
  const auto english_catalogue = table(messages::language::english);
  const auto chinese_catalogue = table(messages::language::chinese);
  const std::vector<fs::path> files = english_words_files();
  REQUIRE(files.size() >= 3);
  std::size_t ids = 0;
  for (const fs::path& english_path : files) {
    const fs::path chinese_path = english_path.parent_path() / "words.zh.json";
    CAPTURE(english_path.string());
    REQUIRE_MESSAGE(fs::exists(chinese_path), "no words.zh.json beside it");
    const words_file english = read_words(english_path);
    const words_file chinese = read_words(chinese_path);
    for (const auto& [id, text] : english) {
      CAPTURE(id);
      REQUIRE_MESSAGE(chinese.count(id) == 1, "missing in words.zh.json");
      CHECK(as_set(messages::placeholders(chinese.at(id))) == as_set(messages::placeholders(text)));
      // The file is compiled into the catalogue, word for word (cmake/Words.cmake).
      CHECK(english_catalogue.count(id) == 1);
      CHECK(chinese_catalogue.count(id) == 1);
      if (english_catalogue.count(id) == 1 && chinese_catalogue.count(id) == 1) {
        CHECK(english_catalogue.at(id) == text);
        CHECK(chinese_catalogue.at(id) == chinese.at(id));
      }
      ++ids;
    }
    for (const auto& [id, text] : chinese) {
      CAPTURE(id);
      CHECK_MESSAGE(english.count(id) == 1, "in words.zh.json but not in words.en.json");
    }
  }
  // Every id of the catalogue comes from one of these files.
  CHECK(ids == english_catalogue.size());
}

TEST_CASE("every message id is in both languages, with the same placeholders") {
  const auto english = table(messages::language::english);
  const auto chinese = table(messages::language::chinese);
  REQUIRE(english.size() > 50);
  for (const auto& [id, text] : english) {
    CAPTURE(id);
    REQUIRE_MESSAGE(chinese.count(id) == 1, "missing in Chinese (words.zh.json)");
    CHECK(as_set(messages::placeholders(chinese.at(id))) == as_set(messages::placeholders(text)));
  }
  for (const auto& [id, text] : chinese) {
    CAPTURE(id);
    CHECK_MESSAGE(english.count(id) == 1, "in Chinese (words.zh.json) but not in English");
  }
}

TEST_CASE("every sentence the check programs say is in the catalogue, and every one is said") {
  // The check programs (lessons/*/check.cu and checker/checkapi/) name their words by a literal
  // id as the first argument of say("check.…") or of a helper that says it with its numbers
  // (say_numbers("check.…", ...)); a misspelt id would print itself, and a sentence no check says
  // any more would be translated for nothing.
  const auto english = table(messages::language::english);
  const std::regex said("[a-z_]+\\(\\s*\"(check\\.[a-z0-9.-]+)\"");
  std::set<std::string> named;
  const fs::path root(GPUCHECK_SOURCE_DIR);
  for (const fs::path& folder : {root / "lessons", root / "checker" / "checkapi"}) {
    for (const auto& item : fs::recursive_directory_iterator(folder)) {
      const std::string extension = item.path().extension().string();
      if (extension != ".cu" && extension != ".cuh" && extension != ".cpp" && extension != ".hpp")
        continue;
      std::ifstream file(item.path());
      std::stringstream source;
      source << file.rdbuf();
      const std::string text = source.str();
      for (auto match = std::sregex_iterator(text.begin(), text.end(), said);
           match != std::sregex_iterator(); ++match) {
        const std::string id = (*match)[1].str();
        CAPTURE(item.path().string());
        CHECK_MESSAGE(english.count(id) == 1, "unknown check sentence " << id);
        named.insert(id);
      }
    }
  }
  for (const auto& [id, text] : english) {
    if (!id.starts_with("check."))
      continue;
    CAPTURE(id);
    CHECK_MESSAGE(named.count(id) == 1, "no check says it");
  }
}

TEST_CASE("every Chinese message is written in Chinese, not left in English") {
  // Messages made only of a name and a value read the same in both languages.
  const std::set<std::string> same_in_both = {"report.footer-gpu", "lint.gpu"};
  const auto english = table(messages::language::english);
  for (const auto& [id, text] : table(messages::language::chinese)) {
    CAPTURE(id);
    CAPTURE(text);
    if (same_in_both.count(id) == 1)
      CHECK(text == english.at(id));
    else
      CHECK(has_chinese(text));
  }
}

TEST_CASE("every message id the checker's sources name is in the catalogue") {
  // An id is a string literal of the form prefix.name whose prefix is one of the catalogue's, in a
  // source that includes messages.hpp; a misspelt one would print its id instead of its message.
  const auto english = table(messages::language::english);
  std::set<std::string> prefixes;
  for (const auto& [id, text] : english)
    prefixes.insert(id.substr(0, id.find('.')));
  // The check programs' words ("check.…") are looked for by the test above, in say() calls: here
  // "check" would take a file name ("check.cu") for an id.
  prefixes.erase("check");
  const std::regex literal("\"([a-z-]+)\\.([a-z0-9.-]+)\"");
  int files = 0;
  int ids_named = 0;
  for (const auto& item :
       fs::recursive_directory_iterator(fs::path(GPUCHECK_SOURCE_DIR) / "checker")) {
    const std::string name = item.path().string();
    if (item.path().extension() != ".cpp" || name.find("/tests/") != std::string::npos ||
        name.find("/messages/") != std::string::npos)
      continue;
    std::ifstream file(item.path());
    std::stringstream source;
    source << file.rdbuf();
    const std::string text = source.str();
    if (text.find("messages/messages.hpp") == std::string::npos)
      continue;
    ++files;
    for (auto match = std::sregex_iterator(text.begin(), text.end(), literal);
         match != std::sregex_iterator(); ++match) {
      if (prefixes.count((*match)[1]) == 0)
        continue;
      const std::string id = (*match)[1].str() + "." + (*match)[2].str();
      CAPTURE(name);
      CHECK_MESSAGE(english.count(id) == 1, "unknown message id " << id);
      ++ids_named;
    }
  }
  CHECK(files >= 8);
  CHECK(ids_named >= 60);
}

TEST_CASE("the language comes from GPUCHECK_LANG, else LC_ALL, LC_MESSAGES, LANG, else English") {
  using messages::language;
  CHECK(messages::choose_language("", "", "", "") == language::english);
  CHECK(messages::choose_language("", "", "", "zh_CN.UTF-8") == language::chinese);
  CHECK(messages::choose_language("", "", "", "C.UTF-8") == language::english);
  CHECK(messages::choose_language("zh", "", "", "en_US.UTF-8") == language::chinese);
  CHECK(messages::choose_language("en", "", "", "zh_CN.UTF-8") == language::english);
  CHECK(messages::choose_language("", "en_GB.UTF-8", "zh_TW.UTF-8", "") == language::english);
  CHECK(messages::choose_language("", "", "zh_TW.UTF-8", "en_US.UTF-8") == language::chinese);
}

TEST_CASE("placeholders are filled, a missing message falls back, an unknown id shows itself") {
  CHECK(messages::text_in(messages::language::english, "headline.failed",
                          {{"failed", "2"}, {"total", "3"}}) == "2 of 3 checks failed.");
  CHECK(messages::text_in(messages::language::chinese, "headline.failed",
                          {{"failed", "2"}, {"total", "3"}}) == "3 项检查中有 2 项未通过。");
  CHECK(messages::text_in(messages::language::chinese, "no.such-id") == "no.such-id");
  CHECK(messages::placeholders("{a} and {b}, {a}") == std::vector<std::string>{"a", "b"});
}

TEST_CASE("a Chinese label takes two terminal columns per character") {
  CHECK(messages::display_width("expected") == 8);
  CHECK(messages::display_width("应为") == 4);
  CHECK(messages::display_width("（参考答案）") == 12);
  CHECK(messages::pad_label("应为", 10) == "应为      ");
  CHECK(messages::pad_label("expected", 10) == "expected  ");
}

TEST_CASE("a failed check in Chinese: verdict, headline and fields, the values aligned") {
  const language_for_test chinese(messages::language::chinese);
  check_report report;
  report.verdict = exit_code::wrong;
  report.lesson_folder = "44-two-clocks";
  report.lesson_title = "Two clocks";
  report.exercise_file = "lessons/44-two-clocks/exercise.cu";
  report.headline = messages::text("headline.failed", {{"failed", "1"}, {"total", "2"}});
  check_item failed;
  failed.name = "time_with_device_sync returns the time of the work alone";
  failed.expected = "1.494 ms";
  failed.measured = "20.872 ms";
  failed.message = "why text";
  failed.hint = "fix text";
  failed.rule = "stale-queue";
  report.checks = {failed};
  const std::string text = render_terminal(report, {});
  CAPTURE(text);
  CHECK(text.find("未通过  课程 44-two-clocks：Two clocks") != std::string::npos);
  CHECK(text.find("2 项检查中有 1 项未通过。") != std::string::npos);
  // Each label fills 10 columns, so every value starts in the same column as in English.
  CHECK(text.find("         应为      1.494 ms\n") != std::string::npos);
  CHECK(text.find("         实测      20.872 ms\n") != std::string::npos);
  CHECK(text.find("         规则      stale-queue\n") != std::string::npos);
  CHECK(text.find("再运行 make check LESSON=" + report.lesson_folder.substr(0, 2)) !=
        std::string::npos);
  CHECK(text.find("expected") == std::string::npos);
}

TEST_CASE("lint in Chinese on a trace recorded on an H200: the finding's words, the rule id kept") {
  const language_for_test chinese(messages::language::chinese);
  const trace::read_result read =
      trace::read_trace_file(test::fixtures_dir() / "recorded" / "chrono_unsynced_stop.jsonl");
  REQUIRE(read.ok());
  lint_report report;
  report.program = "chrono_unsynced_stop";
  report.findings = rules::run_rules(*read.trace);
  report.interval_count = static_cast<int>(report.findings.size());
  REQUIRE_FALSE(report.findings.empty());
  const std::string text = render_lint_terminal(report, false);
  CAPTURE(text);
  CHECK(text.find("项计时问题") != std::string::npos);
  CHECK(std::regex_search(text, std::regex("(错误|警告)\\[unsynced-stop\\]")));
  CHECK(text.find("在 GPU 上运行了") != std::string::npos);
  CHECK(text.find("修改建议：") != std::string::npos);
  // JSON keys and values that are names stay as they are.
  const std::string json = render_lint_json(report);
  CHECK(json.find("\"rule\": \"unsynced-stop\"") != std::string::npos);
  CHECK(json.find("\"severity\": \"") != std::string::npos);
  CHECK(json.find("\"severity\": \"错误\"") == std::string::npos);
}
