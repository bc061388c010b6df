// SPDX-License-Identifier: MIT
#include "judgement/crossover.hpp"

#include "checkapi/judge.hpp"
#include "checkapi/random_draw.hpp"
#include "checkapi/say.hpp"
#include "checkapi/slip_analysis.hpp"

#include <algorithm>

namespace gpucheck {

namespace {

std::string table_text(const crossover_table& table) {
  std::string text;
  for (const crossover_row& row : table) {
    text += "\n         N = " + std::to_string(row.n) + ": cpu " + format_ms(row.cpu_ms) +
            ", gpu " + format_ms(row.gpu_ms);
  }
  return text;
}

// A row's position returned for its size (slip_analysis.hpp): said with the numbers.
void name_index_slip(check_outcome& outcome, const crossover_table& table, int reported,
                     int expected) {
  slip_question q;
  q.returned = reported;
  q.truth = expected;
  q.relative = 0;
  q.scales = false;
  // Only the right row's own index is a slip: a size below 10 equals some row's index, and a
  // wrong row returned as its index would be two mistakes, not one (pia's first win at N = 4 is
  // not "row 4").
  const auto right_row = std::find_if(table.begin(), table.end(),
                                      [&](const crossover_row& row) { return row.n == expected; });
  if (right_row == table.end())
    return;
  // A size of the table returned is a wrong row, whatever index it equals: pia's first win at
  // N = 5 is also N = 80's position counted from 1, in a table that starts at 5.
  if (std::any_of(table.begin(), table.end(),
                  [&](const crossover_row& row) { return row.n == reported; }))
    return;
  const auto index = static_cast<int>(right_row - table.begin());
  const std::string n = std::to_string(expected);
  q.indices.push_back(
      {say("check.l03.crossover.index-from-0", {{"n", n}, {"index", std::to_string(index)}}),
       static_cast<double>(index)});
  q.indices.push_back(
      {say("check.l03.crossover.index-from-1", {{"n", n}, {"index", std::to_string(index + 1)}}),
       static_cast<double>(index + 1)});
  const slip_result slip = find_slip(q);
  if (slip.kind != slip_kind::index_for_value || expected == -1)
    return;
  const slip_words words = describe_slip(slip, reported, expected, "");
  outcome.message = words.message;
  outcome.hint = words.hint;
  outcome.slip = slip_id(slip.kind);
}

} // namespace

int reference_crossover(const crossover_table& table) {
  int crossover = -1;
  for (auto row = table.rbegin(); row != table.rend() && row->gpu_ms < row->cpu_ms; ++row) {
    crossover = row->n;
  }
  return crossover;
}

crossover_table made_up_table(int first_win, bool lucky_win) {
  crossover_table table;
  // From 10 up: no size equals a row's index or position (0 to 9), so that a returned index is
  // told apart from a returned size (name_index_slip).
  int n = static_cast<int>(random_between(10.0, 21.0));
  for (int i = 0; i < 9; ++i, n *= 2) {
    const double gpu_ms = random_between(0.02, 0.05) * (1 + n / 2000.0);
    const double cpu_ms =
        i < first_win ? gpu_ms * random_between(0.2, 0.9) : gpu_ms * random_between(1.2, 50.0);
    table.push_back({n, cpu_ms, gpu_ms});
  }
  if (lucky_win && first_win >= 3) {
    const int j = static_cast<int>(random_between(0.0, first_win - 2.0));
    table[j].cpu_ms = table[j].gpu_ms * 1.1;
  }
  return table;
}

std::vector<crossover_table> made_up_tables() {
  std::vector<crossover_table> tables;
  tables.push_back(made_up_table(static_cast<int>(random_between(1.0, 8.0)), false));
  for (int i = 0; i < 2; ++i) { // a lucky win at a small N, losses after it
    tables.push_back(made_up_table(static_cast<int>(random_between(3.0, 8.0)), true));
  }
  tables.push_back(made_up_table(9, false)); // the GPU never wins
  tables.push_back(made_up_table(0, false)); // the GPU always wins
  // The GPU wins in the middle only, and loses again at the largest sizes: no crossover.
  auto middle = made_up_table(static_cast<int>(random_between(2.0, 5.0)), false);
  middle.back().cpu_ms = middle.back().gpu_ms * 0.8;
  tables.push_back(middle);
  // Ties are no wins: one at the largest N (no crossover), one just below the crossover.
  auto tie_at_top = made_up_table(static_cast<int>(random_between(1.0, 8.0)), false);
  tie_at_top.back().cpu_ms = tie_at_top.back().gpu_ms;
  tables.push_back(tie_at_top);
  const int first_win = static_cast<int>(random_between(2.0, 8.0));
  auto tie_below = made_up_table(first_win, false);
  tie_below[first_win - 1].cpu_ms = tie_below[first_win - 1].gpu_ms;
  tables.push_back(tie_below);
  // One row: a win, and a loss.
  tables.push_back({made_up_table(0, false).front()});
  tables.push_back({made_up_table(9, false).front()});
  return tables;
}

check_outcome judge_crossovers(const std::string& name, const std::vector<crossover_table>& tables,
                               const std::function<int(const crossover_table&)>& find,
                               const std::string& section) {
  check_outcome outcome;
  outcome.name = name;
  outcome.passed = true;
  for (const auto& table : tables) {
    const int expected = reference_crossover(table);
    const int reported = find(table);
    if (reported != expected) {
      outcome.passed = false;
      outcome.expected = say("check.l03.crossover.expected",
                             {{"n", std::to_string(expected)}, {"table", table_text(table)}});
      outcome.measured = "N = " + std::to_string(reported);
      // "Not at the size just below" only where the table has one.
      outcome.message =
          expected == -1 ? say("check.l03.crossover-none.message")
          : expected == table.front().n
              ? say("check.l03.crossover-first.message", {{"n", std::to_string(expected)}})
              : say("check.l03.crossover.message", {{"n", std::to_string(expected)}});
      outcome.hint = say("check.l03.crossover.hint");
      outcome.lesson_section = section;
      name_index_slip(outcome, table, reported, expected);
      return outcome;
    }
  }
  outcome.expected =
      say("check.l03.crossover-right.expected", {{"count", std::to_string(tables.size())}});
  outcome.measured = say("check.l03.crossover-right.measured");
  return outcome;
}

} // namespace gpucheck
