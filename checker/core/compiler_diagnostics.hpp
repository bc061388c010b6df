// SPDX-License-Identifier: MIT
// Finding the first error in a build's output, so that a student sees one message with its file
// and line instead of pages of compiler output. Understands nvcc's (`file(12): error: ...`),
// GCC's and Clang's (`file:12:5: error: ...`) and the linker's (`undefined reference to ...`,
// `multiple definition of ...`).
#pragma once

#include <optional>
#include <string>

namespace gpucheck {

struct compiler_error {
  std::string file;    // as the compiler wrote it (usually absolute)
  int line = 0;        // 0 when the error has no line (linker errors)
  int column = 0;      // 0 when unknown
  std::string message; // the error's text, without the location
  std::string excerpt; // the lines the compiler printed under it (source line and caret), if any
  bool is_link_error = false;
  /// For "multiple definition of `main'": the symbol defined twice ("main"). `file` and `line`
  /// are then the definition that is not the course's own (the student's, where it can be told).
  std::string defined_twice;
};

std::optional<compiler_error> find_first_error(const std::string& build_output);

/// Puts a compile error where the student's source (`source_text`, the file error.file names) has
/// it: the excerpt becomes the source line itself, numbered (not the compiler's copy, which is a
/// macro's expansion where a macro is involved); and an `expected a ";"` that the compiler saw at
/// the first token of a line moves to the line of code before it, where the ';' is missing.
void place_in_source(compiler_error& error, const std::string& source_text);

/// What to do about a symbol defined twice (`error.defined_twice`): a main() of the student's own
/// is removed (`lesson_number`, "NN" as its folder has it, names the lesson for make run); another
/// clash is renamed.
std::string advice_for_clash(const compiler_error& error, const std::string& lesson_number);

} // namespace gpucheck
