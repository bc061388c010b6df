// SPDX-License-Identifier: MIT
#include "report/gradescope_report.hpp"
#include "report_golden_support.hpp"

#include <nlohmann/json.hpp>

TEST_CASE("Gradescope results.json: one point per passed check, the fields Gradescope reads") {
  const std::string text = gpucheck::render_gradescope(golden::failing_report());
  const auto json = nlohmann::json::parse(text);
  CHECK(json["score"] == 1);
  REQUIRE(json["tests"].size() == 2);
  CHECK(json["tests"][0]["status"] == "failed");
  CHECK(json["tests"][0]["max_score"] == 1);
  CHECK(json["tests"][1]["score"] == 1);
  CHECK(json["visibility"] == "visible");
  CHECK(json["extra_data"]["verdict"] == "fail");
  golden::check_golden("check_gradescope_failing.json", text);
}

TEST_CASE("Gradescope results.json: a run that never reached its checks scores 0 and says why") {
  const std::string text = gpucheck::render_gradescope(golden::crashed_report());
  const auto json = nlohmann::json::parse(text);
  CHECK(json["score"] == 0);
  REQUIRE(json["tests"].size() == 1);
  CHECK(json["tests"][0]["name"] == "gpucheck verdict");
  CHECK(json["output"].get<std::string>().rfind("crashed: Your code crashed", 0) == 0);
  golden::check_golden("check_gradescope_crashed.json", text);
}
