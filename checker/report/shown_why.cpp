// SPDX-License-Identifier: MIT
#include "report/shown_why.hpp"

#include "messages/messages.hpp"

namespace gpucheck {

std::string shown_why(const check_report& report, const check_item& check) {
  if (check.message.empty())
    return "";
  if (!report.noise_reasons.empty() && check.noise_could_explain)
    return messages::text("report.why-disturbed", {{"why", check.message}});
  if (check.why_from == "numbers")
    return messages::text("report.why-from-numbers", {{"why", check.message}});
  return check.message;
}

} // namespace gpucheck
