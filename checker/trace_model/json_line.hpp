// SPDX-License-Identifier: MIT
// One line of a trace file (FORMAT.md): a JSON object of flat fields, parsed without building a
// document. A program of many calls writes millions of records, and a document of each (a map
// whose keys and strings are allocated, then read once and thrown away) made reading its trace
// most of a failing check's diagnosis. The object is reused from line to line, its fields' memory
// with it. Any JSON is read (nested arrays and objects too); a line that is not one JSON object
// is refused, as a JSON parser would refuse it. The tracer writes the lines
// (trace/detail/json_line.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpucheck::trace::detail {

struct json_object;

struct json_value {
  enum class kind { null, boolean, integer, unsigned_integer, real, string, array, object };
  kind type = kind::null;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double real = 0;
  std::string text;               // a string
  std::vector<json_object> items; // an array's elements that are objects, or an object itself
  bool only_objects = true;       // an array: whether every element is an object

  bool is_integer() const { return type == kind::integer || type == kind::unsigned_integer; }
  bool is_number() const { return is_integer() || type == kind::real; }
  double as_double() const;
};

struct json_object {
  // The first `used` entries are this object's fields, in the order written; the rest are spare,
  // kept for the next line.
  std::vector<std::pair<std::string, json_value>> fields;
  std::size_t used = 0;

  // The value of the field `name` (the last, where it is written twice, as JSON parsers keep),
  // or nullptr when there is none or it is null.
  const json_value* find(std::string_view name) const;
};

// Parses `line` into `out` (its former fields reused); false when the line is not one JSON object
// (surrounding whitespace allowed).
bool parse_json_object_line(std::string_view line, json_object& out);

} // namespace gpucheck::trace::detail
