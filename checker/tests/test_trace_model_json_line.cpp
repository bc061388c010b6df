// SPDX-License-Identifier: MIT
// The trace's line parser (trace_model/json_line.hpp) against nlohmann::json, the parser it
// replaced: the same lines refused, the same values read, on hand-picked lines and on thousands of
// lines made from a real record by random edits.
#include "trace_model/json_line.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <random>
#include <string>

using gpucheck::trace::detail::json_object;
using gpucheck::trace::detail::json_value;
using gpucheck::trace::detail::parse_json_object_line;
using json = nlohmann::json;

namespace {

bool same(const json_value& mine, const json& theirs);

// Every key of `theirs` read the same from `mine` (the last of a key written twice, as nlohmann
// keeps it), and no key more.
bool same_object(const json_object& mine, const json& theirs) {
  if (!theirs.is_object())
    return false;
  std::size_t keys = 0;
  for (std::size_t i = 0; i < mine.used; ++i) {
    bool later = false;
    for (std::size_t j = i + 1; j < mine.used; ++j)
      later = later || mine.fields[j].first == mine.fields[i].first;
    if (later)
      continue;
    ++keys;
    const auto found = theirs.find(mine.fields[i].first);
    if (found == theirs.end() || !same(mine.fields[i].second, *found))
      return false;
  }
  return keys == theirs.size();
}

bool same(const json_value& mine, const json& theirs) {
  using kind = json_value::kind;
  switch (mine.type) {
  case kind::null:
    return theirs.is_null();
  case kind::boolean:
    return theirs.is_boolean() && theirs.get<bool>() == mine.boolean;
  case kind::integer:
    return theirs.is_number_integer() && !theirs.is_number_unsigned() &&
           theirs.get<std::int64_t>() == mine.integer;
  case kind::unsigned_integer:
    return theirs.is_number_unsigned() && theirs.get<std::uint64_t>() == mine.unsigned_integer;
  case kind::real:
    return theirs.is_number_float() && theirs.get<double>() == mine.real;
  case kind::string:
    return theirs.is_string() && theirs.get<std::string>() == mine.text;
  case kind::object:
    return mine.items.size() == 1 && same_object(mine.items.front(), theirs);
  case kind::array: {
    if (!theirs.is_array())
      return false;
    bool all_objects = true;
    for (const json& item : theirs)
      all_objects = all_objects && item.is_object();
    if (all_objects != mine.only_objects)
      return false;
    if (!all_objects)
      return true; // only an array of objects is kept (the Python frames)
    if (mine.items.size() != theirs.size())
      return false;
    for (std::size_t i = 0; i < mine.items.size(); ++i)
      if (!same_object(mine.items[i], theirs[i]))
        return false;
    return true;
  }
  }
  return false;
}

// Both parsers on `line`: both refuse it, or both read it and agree on every value.
bool agree(const std::string& line, json_object& reused) {
  const bool mine = parse_json_object_line(line, reused);
  const json theirs = json::parse(line, nullptr, /*allow_exceptions=*/false);
  const bool theirs_ok = !theirs.is_discarded() && theirs.is_object();
  if (mine != theirs_ok)
    return false;
  return !mine || same_object(reused, theirs);
}

const std::string api_record =
    R"({"bytes":16777216,"caller":"program","copy_kind":"HtoD","correlation":315,)"
    R"("domain":"runtime","end_ns":218969941442,"name":"cudaMemcpyAsync","result":0,)"
    R"("site":"check+0x3155b<check+0x32989","stream":94304187574128,"stream_id":14,)"
    R"("tid":10009,"type":"api","elapsed_ms":0.25,"per_thread":false,"event":null,)"
    R"("python":[{"file":"a.py","line":3,"function":"f"},{"file":"b.py","line":-1}]})";

} // namespace

TEST_CASE("a trace line is read as nlohmann::json reads it, and refused where it refuses it") {
  json_object reused; // as the reader reuses it, from line to line
  const char* lines[] = {
      R"({})",
      R"(  {"type":"api"}  )",
      R"({"a":1,"a":2})",
      R"({"n":-9223372036854775808,"u":18446744073709551615,"big":18446744073709551616})",
      R"({"f":1.5e-3,"g":-0.0,"h":2E+10,"i":0,"j":-0})",
      R"({"s":"tab\there \"quoted\" \\ \/ \b\f\n\r \u00e9 \u4e2d \ud83d\ude00"})",
      R"({"nested":{"deep":[1,{"x":[true,false,null]},"s"]},"empty":[],"objs":[{},{"k":1}]})",
      R"({"a":1,})",
      R"({"a" 1})",
      R"({"a":01})",
      R"({"a":1.})",
      R"({"a":.5})",
      R"({"a":1e})",
      R"({"a":-})",
      R"({"a":tru})",
      R"({"a":"unterminated})",
      R"({"a":"bad escape \x"})",
      R"({"a":"lone \udc00 half"})",
      R"({"a":"half \ud83d only"})",
      R"({"a":1} trailing)",
      R"({"a":1}{"b":2})",
      R"([1,2,3])",
      R"("just a string")",
      R"(42)",
      R"({"a":[1,2)",
      R"({"a":1)",
      "{\"a\":\"raw\tcontrol\"}",
  };
  for (const char* line : lines) {
    CAPTURE(line);
    CHECK(agree(line, reused));
  }
  CHECK(agree(api_record, reused));
}

TEST_CASE("a trace line's random edits are refused or read as nlohmann::json does") {
  std::mt19937 engine(20261207); // fixed: the same edits in every run
  const std::string alphabet = "{}[]\":,.-+eE0123456789 \\untrfal/x\tz";
  json_object reused;
  int read = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string line = api_record;
    const int edits = 1 + static_cast<int>(engine() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = engine() % line.size();
      const char c = alphabet[engine() % alphabet.size()];
      switch (engine() % 3) {
      case 0:
        line.erase(at, 1);
        break;
      case 1:
        line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), c);
        break;
      default:
        line[at] = c;
      }
    }
    CAPTURE(line);
    REQUIRE(agree(line, reused));
    read += parse_json_object_line(line, reused) ? 1 : 0;
  }
  // The edits made lines both ways: some still JSON, most not.
  CHECK(read > 1000);
  CHECK(read < 19000);
}
