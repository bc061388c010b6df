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

TEST_CASE("Gradescope results.json: a failure a disturbed GPU could have caused is undetermined") {
  // The same sentence as the terminal's (report/shown_why.hpp): every report a student reads.
  gpucheck::check_report report = golden::failing_report();
  report.noise_reasons = {"another process used the GPU during the checks"};
  report.checks[0].noise_could_explain = true;
  const auto json = nlohmann::json::parse(gpucheck::render_gradescope(report));
  const std::string output = json["tests"][0]["output"];
  CHECK(output.find("why: (the GPU was disturbed while this check ran, which could have caused "
                    "this failure: the cause is not determined) your number includes") !=
        std::string::npos);
}
