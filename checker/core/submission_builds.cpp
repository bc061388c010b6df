// SPDX-License-Identifier: MIT
#include "core/submission_builds.hpp"

#include "core/process_runner.hpp"
#include "messages/messages.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace gpucheck {
namespace fs = std::filesystem;
namespace {

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A path that goes into a shell command and a makefile as it is.
bool plain_path(const std::string& path) {
  static const std::regex plain("[A-Za-z0-9_./+=,@-]+");
  return std::regex_match(path, plain);
}

// 'text', for sh.
std::string quoted_for_sh(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) {
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return quoted + "'";
}

// bwrap's command line, for sh, that runs what follows it in submission `source`'s sandbox.
std::string sandboxed_prefix(const build_sandbox& sandbox, const fs::path& tree,
                             const fs::path& source, const fs::path& folder) {
  sandbox_view view;
  show_course(view, sandbox.course);
  for (const fs::path& path : sandbox.hidden) {
    view.hide(path);
  }
  view.show(tree).hide(tree / "slots").hide(tree / "submission").hide(tree / "bin" / "slots");
  view.show(source.parent_path()).allow_writing(folder);
  std::string prefix;
  for (const std::string& word : sandbox_command(sandbox.bwrap, view)) {
    prefix += quoted_for_sh(word) + " ";
  }
  return prefix;
}

// The word after " -o " in `command` ("" when there is none).
std::string output_of(const std::string& command) {
  const std::size_t at = command.find(" -o ");
  if (at == std::string::npos) {
    return "";
  }
  const std::size_t start = at + 4;
  const std::size_t end = command.find(' ', start);
  return command.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// `text` with every `from` replaced by `to`; false when there was none.
bool replace_all(std::string& text, const std::string& from, const std::string& to) {
  bool found = false;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
    found = true;
  }
  return found;
}

} // namespace

std::optional<check_build_recipe> read_check_build_recipe(const fs::path& tree,
                                                          const std::string& exercise_target,
                                                          const std::string& program_target,
                                                          const fs::path& source, std::string& why,
                                                          bool for_other_files) {
  check_build_recipe recipe;
  const fs::path link_file = tree / "CMakeFiles" / (program_target + ".dir") / "link.txt";
  std::ifstream commands(tree / "compile_commands.json");
  if (!commands || !fs::exists(link_file)) {
    why = messages::text("grading.not-makefile-tree", {{"file", link_file.string()}});
    return std::nullopt;
  }
  const nlohmann::json entries = nlohmann::json::parse(commands, nullptr, false);
  const std::string marker = "CMakeFiles/" + exercise_target + ".dir/";
  for (const auto& entry : entries.is_array() ? entries : nlohmann::json::array()) {
    if (entry.value("file", "") == source.string() &&
        entry.value("command", "").find(marker) != std::string::npos) {
      recipe.directory = entry.value("directory", "");
      recipe.compile_command = entry.value("command", "");
    }
  }
  recipe.source = source.string();
  recipe.object = output_of(recipe.compile_command);
  std::istringstream link_lines(read_text(link_file));
  std::string line;
  while (std::getline(link_lines, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      continue;
    }
    if (!recipe.link_command.empty()) {
      why = messages::text("grading.link-several-commands", {{"target", program_target}});
      return std::nullopt;
    }
    recipe.link_command = line;
  }
  recipe.program = output_of(recipe.link_command);
  if (recipe.compile_command.empty() || recipe.object.empty() || recipe.program.empty()) {
    why = messages::text("grading.no-compile-command",
                         {{"file", source.string()}, {"target", exercise_target}});
    return std::nullopt;
  }
  if (for_other_files &&
      (recipe.compile_command.find(" -MF ") != std::string::npos || !plain_path(recipe.source) ||
       !plain_path(recipe.object) || !plain_path(recipe.directory.string()))) {
    why = messages::text("grading.compile-command-unusable");
    return std::nullopt;
  }
  // The objects, in a response file (@CMakeFiles/T.dir/objects1) or on the command line.
  std::istringstream words(recipe.link_command);
  for (std::string word; words >> word;) {
    if (word.size() > 1 && word.front() == '@' && word.find("/objects") != std::string::npos) {
      recipe.objects_file = word.substr(1);
      recipe.objects_text = read_text(recipe.directory / recipe.objects_file);
    }
  }
  const std::string& holder =
      recipe.objects_file.empty() ? recipe.link_command : recipe.objects_text;
  if (holder.find(recipe.object) == std::string::npos) {
    why = messages::text("grading.link-without-exercise", {{"target", program_target}});
    return std::nullopt;
  }
  return recipe;
}

std::vector<build_outcome> build_submissions(const check_build_recipe& recipe,
                                             const std::vector<submission_build>& builds,
                                             unsigned jobs, std::chrono::seconds time_limit,
                                             const std::optional<build_sandbox>& sandbox) {
  std::vector<build_outcome> outcomes(builds.size());
  const std::optional<unsigned> user = sandbox ? sandbox_user() : std::nullopt;
  if (builds.empty()) {
    return outcomes;
  }
  // Beside the programs' folders, which are emptied below; named after the first, since Slurm's
  // tasks build one each in the same tree at the same time.
  const fs::path first_folder = fs::absolute(builds.front().program).parent_path();
  const fs::path makefile =
      first_folder.parent_path() / ("submissions-" + first_folder.filename().string() + ".mk");
  fs::create_directories(makefile.parent_path());
  std::ofstream make(makefile);
  make << "# Written by gpucheck grade: one rule per submission (core/submission_builds.cpp).\n"
       << ".PHONY: all";
  for (std::size_t index = 0; index < builds.size(); ++index) {
    make << " build-" << index;
  }
  make << "\nall:";
  for (std::size_t index = 0; index < builds.size(); ++index) {
    make << " build-" << index;
  }
  make << "\n";
  const std::string limit = std::to_string(time_limit.count());
  for (std::size_t index = 0; index < builds.size(); ++index) {
    const fs::path source = fs::absolute(builds[index].source);
    const fs::path program = fs::absolute(builds[index].program);
    const fs::path folder = program.parent_path();
    fs::remove_all(folder); // what an earlier build left, whoever wrote it
    fs::create_directories(folder);
    if (!plain_path(source.string()) || !plain_path(program.string())) {
      outcomes[index].output =
          "gpucheck: " + messages::text("grading.path-needs-quoting", {{"file", source.string()}});
      continue;
    }
    const std::string object = (folder / "exercise.cu.o").string();
    std::string compile = recipe.compile_command;
    replace_all(compile, recipe.source, source.string());
    replace_all(compile, " -o " + recipe.object, " -o " + object);
    std::string link = recipe.link_command;
    if (recipe.objects_file.empty()) {
      replace_all(link, recipe.object, object);
    } else {
      std::string objects = recipe.objects_text;
      replace_all(objects, recipe.object, object);
      std::ofstream(folder / "objects.rsp") << objects;
      replace_all(link, "@" + recipe.objects_file, "@" + (folder / "objects.rsp").string());
    }
    replace_all(link, " -o " + recipe.program, " -o " + program.string());
    // The commands run in the submission's sandbox where there is one: as its user, who may
    // write only this folder, and with the scripts that say how the build ended written here.
    hand_to_sandbox_user(folder, user, true);
    std::ofstream(folder / "commands.sh")
        << "cd " << recipe.directory.string() << " || exit 1\n"
        << "timeout " << limit << " " << compile << " && timeout " << limit << " " << link << "\n";
    const std::string run_commands =
        (sandbox ? sandboxed_prefix(*sandbox, fs::absolute(recipe.directory), source, folder)
                 : std::string()) +
        "sh " + (folder / "commands.sh").string();
    std::ofstream script(folder / "build.sh");
    script << "# Written by gpucheck grade: CMake's commands for this submission.\n"
           << "start=$(date +%s%N)\n"
           << "{ " << run_commands << "; } > " << (folder / "build.log").string() << " 2>&1\n"
           << "status=$?\n"
           << "end=$(date +%s%N)\n"
           << "echo \"$status $(( (end - start) / 1000000 ))\" > "
           << (folder / "build.status").string() << "\n";
    make << "build-" << index << ":\n\t@sh " << (folder / "build.sh").string() << "\n";
  }
  make.close();

  process_options run;
  run.argv = {
      "make", "-s", "-k", "-f", makefile.string(), "-j", std::to_string(std::max(1u, jobs))};
  const std::size_t rounds = (builds.size() + std::max(1u, jobs) - 1) / std::max(1u, jobs);
  run.time_limit = std::chrono::duration_cast<std::chrono::milliseconds>(time_limit * (rounds + 1));
  if (sandbox) { // make and the scripts as the sandbox's user, with no secret of our environment
    run.user = user;
    run.environment = sandbox_environment({});
    run.only_given_environment = true;
  }
  const process_result made = run_process(run);

  for (std::size_t index = 0; index < builds.size(); ++index) {
    build_outcome& outcome = outcomes[index];
    if (!outcome.output.empty()) {
      continue; // refused above
    }
    const fs::path folder = fs::absolute(builds[index].program).parent_path();
    std::ifstream status_file(folder / "build.status");
    int status = -1;
    long milliseconds = 0;
    if (!(status_file >> status >> milliseconds)) {
      outcome.output = "gpucheck: " + messages::text("grading.build-unfinished",
                                                     {{"make", made.start_error + made.output}});
      continue;
    }
    outcome.output = read_text(folder / "build.log");
    outcome.seconds = static_cast<double>(milliseconds) / 1000.0;
    outcome.ok = status == 0;
    if (status == 124) {
      outcome.output += "\n" + messages::text("grading.build-timed-out", {{"limit", limit}});
    }
    if (!outcome.ok) {
      find_build_error(outcome);
    }
  }
  return outcomes;
}

} // namespace gpucheck
