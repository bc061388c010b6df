// SPDX-License-Identifier: MIT
#include "core/front_matter.hpp"

#include <doctest/doctest.h>

using gpucheck::parse_front_matter;

TEST_CASE("front matter gives scalars, quoted scalars and lists") {
  const std::string text = "---\n"
                           "number: 4\n"
                           "title: \"The two ways: to \\\"synchronize\\\"\"\n"
                           "hints:\n"
                           "  - first hint\n"
                           "  - \"second: with a colon\"\n"
                           "article_section: '4. two'\n"
                           "---\n"
                           "# body: not front matter\n";
  std::string error;
  const auto matter = parse_front_matter(text, &error);
  CHECK(error.empty());
  CHECK(matter.scalar("number") == "4");
  CHECK(matter.scalar("title") == "The two ways: to \"synchronize\"");
  CHECK(matter.scalar("article_section") == "4. two");
  CHECK(matter.list("hints") == std::vector<std::string>{"first hint", "second: with a colon"});
  CHECK(matter.scalar("body").empty());
}

TEST_CASE("text without front matter gives nothing, malformed front matter says where") {
  CHECK(parse_front_matter("# just a heading\n").scalars.empty());
  std::string error;
  parse_front_matter("---\ntitle: x\nnot a pair\n---\n", &error);
  CHECK(error == "line 3: expected `key: value`");
  parse_front_matter("---\ntitle: x\n", &error);
  CHECK(error == "the front matter has no closing `---`");
  parse_front_matter("---\n- orphan\n---\n", &error);
  CHECK(error == "line 2: a list item outside a list");
}
