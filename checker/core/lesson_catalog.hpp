// SPDX-License-Identifier: MIT
// The lessons that exist, found from the folders (lessons/NN-slug), and resolving what a student
// types (12, 012, 12-my-topic) to one of them.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpucheck {

// Which exercise.cu a program is built with: the student's, the reference solution, or the
// starter as committed in git (cmake/Lessons.cmake names their targets).
enum class exercise_variant { student, solution, starter };

// A rule whose fix a lesson teaches, as its front matter names it (`rules:`, one `- id: section`
// a line): the rule's id and the anchor of the section of lesson.md that teaches it.
struct taught_rule {
  std::string id;      // "unsynced-stop" (rules/registry.cpp)
  std::string section; // "synchronize-before-you-stop-the-clock"
  bool operator==(const taught_rule&) const = default;
};

// The rules of one front matter (parse_front_matter's `rules` list), in their order; an item
// that is not `id: section` is left out.
std::vector<taught_rule> taught_rules(const std::string& lesson_text);

// Rule id -> where the fix is taught ("lessons/12-my-topic/lesson.md#a-section").
using learn_links = std::map<std::string, std::string, std::less<>>;

struct lesson_entry {
  int number = 0;
  std::string folder; // "12-my-topic"
  std::string title;  // from the front matter of text_file(); the folder's slug when there is none
  std::filesystem::path lesson_dir;
  std::filesystem::path solution_dir;
  std::string target_prefix = "lesson"; // CMake targets are <prefix>.<folder>.check etc.
  std::vector<taught_rule> rules;       // from lesson.md's front matter

  std::filesystem::path exercise_file(bool solution) const;
  // The lesson's text in the messages' language: lesson.zh.md where the language is Chinese and
  // the lesson has one, else lesson.md.
  std::filesystem::path text_file() const;
  std::string check_target(bool solution) const;
  std::string exercise_target(bool solution) const; // the exercise's object library
  std::string run_target(bool solution) const;
  std::string check_target(exercise_variant variant) const;
  std::string exercise_target(exercise_variant variant) const;
  std::string run_target(exercise_variant variant) const;
};

// A link to a lesson's section ("lessons/12-my-topic/lesson.md#a-section",
// relative to `source_dir`) in the messages' language: the same section of lesson.zh.md where the
// language is Chinese and that file exists (both texts have the same anchors: book.translations
// checks it), else the link as it is.
std::string section_link_in_language(const std::string& link,
                                     const std::filesystem::path& source_dir);

// The learn links of the course whose source folder is `source_dir` (its lessons/, whichever
// lessons a command works on: a fixture lesson teaches no rule).
learn_links course_learn_links(const std::filesystem::path& source_dir);

class lesson_catalog {
public:
  // Every NN-slug folder of `lessons_root` with an exercise.cu, lesson.md or check.cu (a lesson
  // whose exercise.cu is missing is still listed, so that it can be named and reset), in number
  // order.
  static lesson_catalog scan(const std::filesystem::path& lessons_root,
                             const std::filesystem::path& solutions_root,
                             const std::string& target_prefix = "lesson");
  // The same for the NN-slug folders of several roots, as one catalog in number order (the
  // fixture lessons: the checker's own and those in the lessons' folders).
  static lesson_catalog scan(const std::vector<std::filesystem::path>& lessons_roots,
                             const std::filesystem::path& solutions_root,
                             const std::string& target_prefix);

  const std::vector<lesson_entry>& lessons() const { return m_lessons; }

  // "12", "012", "12-my-topic", or the slug alone ("my-topic"). nullopt when it
  // names no lesson; describe_choices() then says what exists.
  std::optional<lesson_entry> resolve(const std::string& name) const;
  std::string describe_choices() const;

  // Each rule that a lesson teaches, linked to its section there: a rule's "learn" link comes
  // from the lesson whose front matter names it (the first in number order, where two do), and
  // a rule that no lesson names has none. Links are relative to the course's source folder.
  learn_links rule_links() const;

private:
  // Appends the lessons of one root's folders, unsorted.
  void add_folders(const std::filesystem::path& lessons_root,
                   const std::filesystem::path& solutions_root, const std::string& target_prefix);

  std::vector<lesson_entry> m_lessons;
};

} // namespace gpucheck
