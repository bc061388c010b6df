// SPDX-License-Identifier: MIT
#include "core/lesson_catalog.hpp"

#include "core/front_matter.hpp"
#include "messages/messages.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <utility>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

std::string read_file(const fs::path& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

bool all_digits(const std::string& text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

// A lesson's text in the messages' language: lesson.zh.md where the language is Chinese and the
// lesson has it, else lesson.md.
fs::path text_in_language(const fs::path& lesson_dir) {
  if (messages::current_language() == messages::language::chinese &&
      fs::exists(lesson_dir / "lesson.zh.md"))
    return lesson_dir / "lesson.zh.md";
  return lesson_dir / "lesson.md";
}

} // namespace

fs::path lesson_entry::text_file() const {
  return text_in_language(lesson_dir);
}

std::string section_link_in_language(const std::string& link, const fs::path& source_dir) {
  const std::string english = "lesson.md";
  const std::size_t at = link.find(english);
  const std::size_t after = at + english.size();
  if (at == std::string::npos || (after < link.size() && link[after] != '#') ||
      (at > 0 && link[at - 1] != '/'))
    return link;
  const std::string folder = link.substr(0, at);
  return folder + text_in_language(source_dir / folder).filename().string() + link.substr(after);
}

fs::path lesson_entry::exercise_file(bool solution) const {
  return (solution ? solution_dir : lesson_dir) / "exercise.cu";
}

namespace {

std::string_view variant_suffix(exercise_variant variant) {
  switch (variant) {
  case exercise_variant::solution:
    return "-solution";
  case exercise_variant::starter:
    return "-starter";
  case exercise_variant::student:
    break;
  }
  return "";
}

exercise_variant variant_from(bool solution) {
  return solution ? exercise_variant::solution : exercise_variant::student;
}

} // namespace

std::string lesson_entry::check_target(exercise_variant variant) const {
  return target_prefix + "." + folder + ".check" + std::string(variant_suffix(variant));
}

std::string lesson_entry::exercise_target(exercise_variant variant) const {
  return target_prefix + "." + folder + ".exercise" + std::string(variant_suffix(variant));
}

std::string lesson_entry::run_target(exercise_variant variant) const {
  return target_prefix + "." + folder + ".run" + std::string(variant_suffix(variant));
}

std::string lesson_entry::check_target(bool solution) const {
  return check_target(variant_from(solution));
}

std::string lesson_entry::exercise_target(bool solution) const {
  return exercise_target(variant_from(solution));
}

std::string lesson_entry::run_target(bool solution) const {
  return run_target(variant_from(solution));
}

lesson_catalog lesson_catalog::scan(const fs::path& lessons_root, const fs::path& solutions_root,
                                    const std::string& target_prefix) {
  return scan(std::vector<fs::path>{lessons_root}, solutions_root, target_prefix);
}

lesson_catalog lesson_catalog::scan(const std::vector<fs::path>& lessons_roots,
                                    const fs::path& solutions_root,
                                    const std::string& target_prefix) {
  lesson_catalog catalog;
  for (const fs::path& lessons_root : lessons_roots) {
    catalog.add_folders(lessons_root, solutions_root, target_prefix);
  }
  std::stable_sort(
      catalog.m_lessons.begin(), catalog.m_lessons.end(),
      [](const lesson_entry& a, const lesson_entry& b) { return a.number < b.number; });
  return catalog;
}

void lesson_catalog::add_folders(const fs::path& lessons_root, const fs::path& solutions_root,
                                 const std::string& target_prefix) {
  std::error_code error;
  for (const auto& item : fs::directory_iterator(lessons_root, error)) {
    const std::string folder = item.path().filename().string();
    if (!item.is_directory() || folder.size() < 4 || !all_digits(folder.substr(0, 2)) ||
        folder[2] != '-' ||
        // A lesson whose exercise.cu was deleted is still a lesson (make reset restores it).
        !(fs::exists(item.path() / "exercise.cu") || fs::exists(item.path() / "lesson.md") ||
          fs::exists(item.path() / "check.cu"))) {
      continue;
    }
    lesson_entry lesson;
    lesson.number = std::stoi(folder.substr(0, 2));
    lesson.folder = folder;
    lesson.lesson_dir = item.path();
    lesson.solution_dir = solutions_root / folder;
    lesson.target_prefix = target_prefix;
    lesson.title = parse_front_matter(read_file(lesson.text_file())).scalar("title");
    lesson.rules = taught_rules(read_file(lesson.lesson_dir / "lesson.md"));
    if (lesson.title.empty()) {
      lesson.title = folder.substr(3);
    }
    m_lessons.push_back(lesson);
  }
}

std::vector<taught_rule> taught_rules(const std::string& lesson_text) {
  std::vector<taught_rule> rules;
  for (const std::string& item : parse_front_matter(lesson_text).list("rules")) {
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos)
      continue;
    const auto trimmed = [](std::string text) {
      text.erase(0, text.find_first_not_of(' '));
      text.erase(text.find_last_not_of(' ') + 1);
      return text;
    };
    taught_rule rule{trimmed(item.substr(0, colon)), trimmed(item.substr(colon + 1))};
    if (!rule.id.empty() && !rule.section.empty())
      rules.push_back(std::move(rule));
  }
  return rules;
}

learn_links lesson_catalog::rule_links() const {
  learn_links links;
  for (const lesson_entry& lesson : m_lessons) {
    const std::string page =
        lesson.lesson_dir.parent_path().filename().string() + "/" + lesson.folder + "/lesson.md#";
    for (const taught_rule& rule : lesson.rules)
      links.try_emplace(rule.id, page + rule.section);
  }
  return links;
}

learn_links course_learn_links(const fs::path& source_dir) {
  return lesson_catalog::scan(source_dir / "lessons", source_dir / "solutions").rule_links();
}

std::optional<lesson_entry> lesson_catalog::resolve(const std::string& name) const {
  for (const auto& lesson : m_lessons) {
    const bool by_number = all_digits(name) && name.size() <= 3 && std::stoi(name) == lesson.number;
    if (by_number || name == lesson.folder || name == lesson.folder.substr(3)) {
      return lesson;
    }
  }
  return std::nullopt;
}

std::string lesson_catalog::describe_choices() const {
  std::ostringstream text;
  text << messages::text("lessons.are") << "\n";
  for (const auto& lesson : m_lessons) {
    text << "  " << lesson.folder << "  " << lesson.title << "\n";
  }
  // The first lesson is the example; a course without lessons names the forms.
  const bool any = !m_lessons.empty();
  text << messages::text("lessons.how-to-name",
                         {{"number", any ? std::to_string(m_lessons.front().number) : "N"},
                          {"folder", any ? m_lessons.front().folder : "NN-slug"},
                          {"slug", any ? m_lessons.front().folder.substr(3) : "slug"}});
  return text.str();
}

} // namespace gpucheck
