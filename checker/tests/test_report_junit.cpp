// SPDX-License-Identifier: MIT
#include "report/junit_report.hpp"
#include "report_golden_support.hpp"

TEST_CASE("JUnit XML: one testcase per check, failures with their numbers, escaped") {
  const std::string xml = gpucheck::render_junit(golden::failing_report());
  CHECK(xml.find("failures=\"1\"") != std::string::npos);
  CHECK(xml.find("&amp; &lt;queued&gt; &quot;before&quot;") != std::string::npos);
  CHECK(xml.find("type=\"stale-queue\"") != std::string::npos);
  golden::check_golden("check_junit_failing.xml", xml);
}

TEST_CASE("JUnit XML: a crash is an error, a machine without a GPU is skipped") {
  const std::string crashed = gpucheck::render_junit(golden::crashed_report());
  CHECK(crashed.find("<error message=\"Your code crashed: SIGSEGV") != std::string::npos);
  golden::check_golden("check_junit_crashed.xml", crashed);
  const std::string skipped = gpucheck::render_junit(golden::no_device_report());
  CHECK(skipped.find("<skipped message=\"Built.") != std::string::npos);
  CHECK(skipped.find("errors=\"0\"") != std::string::npos);
}
