// SPDX-License-Identifier: MIT
#include "checkapi/field_comparison.hpp"

#include "checkapi/slip_analysis.hpp"

#include <cstdlib>

namespace gpucheck {

namespace {

// Whether `text` is a number from its first character to its last.
bool is_number(const std::string& text, double& value) {
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

} // namespace

fields_compared compare_fields(const std::vector<compared_field>& fields) {
  fields_compared compared;
  for (const compared_field& f : fields) {
    if (f.reported != f.truth) {
      compared.wrong_names += (compared.wrong_names.empty() ? "" : ", ") + f.name;
      compared.first_wrong = compared.first_wrong != nullptr ? compared.first_wrong : &f;
    }
  }
  return compared;
}

void name_field_slip(check_outcome& outcome, const compared_field& wrong,
                     const std::vector<compared_field>& fields) {
  slip_question q;
  if (!is_number(wrong.truth, q.truth))
    return;
  q.returned = std::strtod(wrong.reported.c_str(), nullptr);
  q.relative = 0; // numbers given exactly
  q.bytes = wrong.name.find("_bytes") != std::string::npos;
  for (const compared_field& other : fields) {
    double value = 0;
    if (&other != &wrong && is_number(other.truth, value))
      q.fields.push_back({other.name, value});
  }
  const slip_result slip = find_slip(q);
  if (slip.kind == slip_kind::none)
    return;
  const slip_words words = describe_slip(slip, q.returned, q.truth, "");
  outcome.message = words.message;
  outcome.hint = words.hint;
  outcome.slip = slip_id(slip.kind);
}

} // namespace gpucheck
