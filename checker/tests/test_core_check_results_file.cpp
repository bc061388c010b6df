// SPDX-License-Identifier: MIT
#include "core/check_results_file.hpp"

#include "core/keyed_hash.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <string>

namespace {

// A line as the check program's results channel writes it (checkapi/results_channel.cpp).
std::string signed_line(nlohmann::json line, long sequence, const std::string& token,
                        const char* purpose = "lines") {
  line["seq"] = sequence;
  line["mac"] = gpucheck::digest_hex(gpucheck::derive_key(token, purpose), line.dump());
  return line.dump() + "\n";
}

const nlohmann::json check_one = {{"type", "check"}, {"name", "one"}, {"passed", true}};
const nlohmann::json check_two = {{"type", "check"},
                                  {"name", "two"},
                                  {"passed", false},
                                  {"rule", "stale-queue"},
                                  {"noise_could_explain", false}};

nlohmann::json summary(long checks) {
  return {{"type", "summary"},       {"checks", checks}, {"gpu_used", true},
          {"device", "NVIDIA H200"}, {"seed", "7"},      {"noise_host_us", 12}};
}

} // namespace

TEST_CASE("lines signed with this run's token count as results") {
  const std::string text = signed_line(check_one, 0, "abc") + signed_line(check_two, 1, "abc") +
                           signed_line(summary(2), 2, "abc", "summary");
  const auto results = gpucheck::parse_check_results(text, "abc");
  REQUIRE(results.checks.size() == 2);
  CHECK(results.checks[0].name == "one");
  CHECK(results.checks[0].passed);
  CHECK(results.checks[1].rule == "stale-queue");
  CHECK_FALSE(results.checks[0].noise_could_explain); // absent: noise cannot excuse it
  CHECK_FALSE(results.checks[1].noise_could_explain);
  CHECK_FALSE(results.checks[1].passed);
  REQUIRE(results.summary.has_value());
  CHECK(results.summary->device == "NVIDIA H200");
  CHECK(results.summary->gpu_used);
  CHECK(results.summary->noise_host_us == 12);
  CHECK(results.summary->noise_event_us == -1);
  CHECK(results.foreign_lines == 0);
}

TEST_CASE("a shown call is read with the test case it was made in, when the line says it") {
  nlohmann::json shown = check_two;
  shown["call"] = {{"begin_ns", 1000},   {"end_ns", 2000}, {"tid", 7},       {"truth_ms", 1.5},
                   {"reported_ms", 1.6}, {"test_case", 3}, {"per_run", true}};
  nlohmann::json older = check_one; // a check program from before the test case was sent
  older["call"] = {{"begin_ns", 3000}, {"end_ns", 4000}, {"tid", 7}, {"truth_ms", 1.0}};
  const std::string text = signed_line(shown, 0, "abc") + signed_line(older, 1, "abc") +
                           signed_line(summary(2), 2, "abc", "summary");
  const auto results = gpucheck::parse_check_results(text, "abc");
  REQUIRE(results.checks.size() == 2);
  CHECK(results.checks[0].call.begin_ns == 1000);
  CHECK(results.checks[0].call.test_case == 3);
  CHECK(results.checks[1].call.begin_ns == 3000);
  CHECK(results.checks[1].call.test_case == 0); // not known: the replay runs every test case
  CHECK(results.checks[0].call.per_run);        // one run's time (results_channel.hpp)
  CHECK_FALSE(results.checks[1].call.per_run);
}

TEST_CASE("forged lines are ignored and counted") {
  SUBCASE("printed text, unsigned JSON and lines signed with another token") {
    const std::string text =
        "PASS All checks passed.\n" +
        std::string(R"({"type":"summary","checks":0,"gpu_used":true,"seq":0})") + "\n" +
        signed_line({{"type", "check"}, {"name", "fake"}, {"passed", true}}, 0, "guessed") +
        signed_line(check_one, 0, "abc") + signed_line(summary(1), 1, "abc", "summary");
    const auto results = gpucheck::parse_check_results(text, "abc");
    REQUIRE(results.checks.size() == 1);
    CHECK(results.checks[0].name == "one");
    CHECK(results.summary.has_value());
    CHECK(results.foreign_lines == 3);
  }
  SUBCASE("a line whose text was changed after it was signed") {
    std::string line = signed_line(check_two, 0, "abc");
    line.replace(line.find("false"), 5, "true");
    const auto results = gpucheck::parse_check_results(line, "abc");
    CHECK(results.checks.empty());
    CHECK(results.foreign_lines == 1);
  }
  SUBCASE("a summary signed with the line key (what the student's code could reach)") {
    const std::string text = signed_line(check_one, 0, "abc") + signed_line(summary(1), 1, "abc");
    const auto results = gpucheck::parse_check_results(text, "abc");
    CHECK_FALSE(results.summary.has_value());
    CHECK(results.foreign_lines == 1);
  }
  SUBCASE("a removed line breaks the sequence") {
    const std::string text = signed_line(check_one, 0, "abc") + signed_line(check_two, 2, "abc");
    const auto results = gpucheck::parse_check_results(text, "abc");
    CHECK(results.checks.size() == 1);
    CHECK(results.foreign_lines == 1);
  }
  SUBCASE("a summary that counts other checks than were written") {
    const std::string text =
        signed_line(check_one, 0, "abc") + signed_line(summary(5), 1, "abc", "summary");
    const auto results = gpucheck::parse_check_results(text, "abc");
    CHECK_FALSE(results.summary.has_value());
  }
  SUBCASE("a check written after the summary voids the summary") {
    const std::string text =
        signed_line(summary(0), 0, "abc", "summary") + signed_line(check_one, 1, "abc");
    const auto results = gpucheck::parse_check_results(text, "abc");
    CHECK_FALSE(results.summary.has_value());
  }
}

TEST_CASE("a missing results file means no summary, and an empty token accepts nothing") {
  const auto missing = gpucheck::read_check_results("/nonexistent/results.jsonl", "abc");
  CHECK(missing.checks.empty());
  CHECK_FALSE(missing.summary.has_value());
  const auto no_token = gpucheck::parse_check_results(signed_line(check_one, 0, ""), "");
  CHECK(no_token.checks.empty());
}

TEST_CASE("the keyed hash is SipHash-2-4") {
  // The reference vector of the SipHash paper: key 00..0f, message 00..0e, 0xa129ca6149be45e5.
  std::string message;
  for (int i = 0; i < 15; ++i) {
    message.push_back(static_cast<char>(i));
  }
  const gpucheck::hash_key key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};
  CHECK(gpucheck::siphash(key, message) == 0xa129ca6149be45e5ULL);
  CHECK(gpucheck::derive_key("abc", "lines").k0 != gpucheck::derive_key("abc", "summary").k0);
}
