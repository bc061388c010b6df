// SPDX-License-Identifier: MIT
// host-gap: a timing includes host time spent outside any CUDA call while the GPU ran nothing at
// all (a sleep, printing, host computation between the clock reads). Events measure the GPU's
// time between their two completions; host work between the records that leaves the GPU idle
// there is in that number as well (events around host-only work are the same case), so for events
// the stretches are looked for between the two events' completions on the GPU (the trace's
// event_time records; without them the interval is not judged). The trace shows
// both facts: the calls of the timing's thread, and every GPU activity. Time the GPU spent running
// something, or the host spent inside a CUDA call, is left to the other rules (stale-queue,
// setup-in-region, cold-start): nothing is counted twice. Effect: the length of those gaps.
// Precision first: only stretches of at least 100 us count (a loop's own overhead between launches,
// and library code between the calls the tracer writes, come in stretches of a few to tens of
// microseconds; a sleep, a print to a terminal or host computation come in longer ones), and an
// interval that holds start-up is left to cold-start: before the first call the tracer sees no
// calls at all, and a library's first call (cuBLAS loading its kernels) works on the host between
// the calls the tracer writes.
#include "messages/messages.hpp"
#include "rules/detail/rule_input.hpp"
#include "rules/detail/text.hpp"
#include "rules/timed_intervals.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace gpucheck::rules::detail {
namespace {

constexpr trace::time_ns min_gap_ns = 100'000; // [ns] = 100 us

struct gap {
  trace::time_ns start_ns = 0;
  trace::time_ns end_ns = 0;
};

std::vector<gap> idle_gaps(const rule_input& input, const interval_facts& facts,
                           trace::time_ns begin_ns, trace::time_ns end_ns) {
  std::vector<std::pair<trace::time_ns, trace::time_ns>> busy;
  const auto add = [&](trace::time_ns from_ns, trace::time_ns to_ns) {
    from_ns = std::max(from_ns, begin_ns);
    to_ns = std::min(to_ns, end_ns);
    if (to_ns > from_ns)
      busy.emplace_back(from_ns, to_ns);
  };
  // The tracer's own time after a call or a clock read (its unwinding and writing: on the H100,
  // once more than the 0.3 ms of a product that ended before the script's next line) is not the
  // program's: it counts as busy.
  // Only what overlaps [begin_ns, end_ns) adds anything: the ranges that hold it (time_order.hpp).
  const index_range calls = input.index.api_times().overlapping(begin_ns, end_ns);
  for (std::size_t i = calls.first; i < calls.last; ++i) {
    const trace::api_call& call = input.trace().api[i];
    if (call.tid == facts.interval.tid)
      add(call.start_ns, call.program_resumed_ns());
  }
  const index_range reads = input.index.clock_times().overlapping(begin_ns, end_ns);
  for (std::size_t i = reads.first; i < reads.last; ++i) {
    const trace::clock_read& read = input.trace().clocks[i];
    if (read.tid == facts.interval.tid)
      add(read.t_ns, read.program_resumed_ns());
  }
  const index_range work = input.index.work_times().overlapping(begin_ns, end_ns);
  for (std::size_t i = work.first; i < work.last; ++i)
    add(input.trace().activity[i].start_ns, input.trace().activity[i].end_ns);
  std::sort(busy.begin(), busy.end());
  std::vector<gap> gaps;
  trace::time_ns covered_until_ns = begin_ns;
  for (const auto& [from_ns, to_ns] : busy) {
    if (from_ns - covered_until_ns >= min_gap_ns)
      gaps.push_back({covered_until_ns, from_ns});
    covered_until_ns = std::max(covered_until_ns, to_ns);
  }
  if (end_ns - covered_until_ns >= min_gap_ns)
    gaps.push_back({covered_until_ns, end_ns});
  return gaps;
}

// The host's stretch between two of the thread's calls that come back to back at the same two
// sites many times in the run, nearly always with no such stretch between them, is not the code's
// doing: the code between those two calls is the same every time, so the host was taken away (the
// thread was descheduled) in that one. Measured on the H200: a loop of 10,000 launches held one
// stretch of more than 100 us between two of its launches in about 1 of 10 runs.
constexpr std::size_t min_repeats_to_judge = 10;
constexpr double sporadic_share = 0.1; // stretches in under 10% of the repeats are sporadic

class stretch_history {
public:
  stretch_history(const rule_input& input, int tid) {
    for (const trace::api_call& call : input.trace().api)
      if (call.tid == tid)
        calls_.push_back(&call);
    std::stable_sort(calls_.begin(), calls_.end(),
                     [](const auto* a, const auto* b) { return a->start_ns < b->start_ns; });
    for (std::size_t i = 0; i + 1 < calls_.size(); ++i) {
      auto& seen = seen_[{calls_[i]->site, calls_[i + 1]->site}];
      ++seen.first;
      if (calls_[i + 1]->start_ns - calls_[i]->program_resumed_ns() >= min_gap_ns)
        ++seen.second;
    }
  }

  // Whether the host's stretch [start_ns, end_ns] lies between two calls whose pair of sites is
  // seen often enough, and seldom enough with a stretch, to call this one sporadic.
  bool sporadic(trace::time_ns start_ns, trace::time_ns end_ns) const {
    const auto next =
        std::lower_bound(calls_.begin(), calls_.end(), end_ns,
                         [](const auto* call, trace::time_ns t) { return call->start_ns < t; });
    if (next == calls_.begin() || next == calls_.end() ||
        (*(next - 1))->program_resumed_ns() > start_ns)
      return false;
    const auto found = seen_.find({(*(next - 1))->site, (*next)->site});
    if (found == seen_.end() || (*(next - 1))->site.empty())
      return false;
    const auto [repeats, stretches] = found->second;
    return repeats >= min_repeats_to_judge &&
           static_cast<double>(stretches) < sporadic_share * static_cast<double>(repeats);
  }

private:
  std::vector<const trace::api_call*> calls_;
  std::map<std::pair<std::string, std::string>, std::pair<std::size_t, std::size_t>> seen_;
};

// The process started up inside the interval: its first traced call, or a context's creation.
bool holds_start_up(const rule_input& input, const interval_facts& facts) {
  const auto& api = input.trace().api;
  if (!api.empty() && api.front().start_ns >= facts.host_begin_ns &&
      api.front().start_ns <= facts.host_end_ns) {
    return true;
  }
  return std::any_of(input.trace().resources.begin(), input.trace().resources.end(),
                     [&](const trace::resource_event& r) {
                       return r.what == "context_created" && r.t_ns >= facts.host_begin_ns &&
                              r.t_ns <= facts.host_end_ns;
                     });
}

// The program's first call on the thread that started at or after `t_ns`, inside the interval:
// the line that comes after the host work (the host work itself makes no call to name). In a
// Python script, a library's call made for one of its lines counts too (cuBLAS's launch inside
// `a @ b` carries that line): it is what the script did next.
const trace::api_call* call_after(const interval_facts& facts, trace::time_ns t_ns) {
  const trace::api_call* found = nullptr;
  for (const trace::api_call* call : facts.calls) {
    if ((call->from_program() || !call->python.empty()) && call->start_ns >= t_ns &&
        (found == nullptr || call->start_ns < found->start_ns)) {
      found = call;
    }
  }
  return found;
}

// A Python script's timing: host time that one line of the script spends in the framework before
// and between the CUDA calls it makes (PyTorch's dispatch, its allocator, a library's set-up) is
// that line's own cost of launching its work, not host work the script put between its reads.
// Recorded on an H100 (checker/tests/fixtures/recorded/python_item_is_the_wait.jsonl): `total =
// (a @ b).sum().item()`, warm, spent 0.149 ms from the start read to the product's launch. So a
// stretch is left out when no other line of the script can have run in it: it ends at a call made
// at line L (the script's own, or a library's for it: cuBLAS's launch), and it began at a call
// made at line L or at the interval's start (its start read, or its start event's record), made at
// L or at the line before L. Events count the same stretch: the start event completes at once on
// an idle GPU, which then waits for the line's launch (recorded on an H100: 0.209 ms from
// `start.record(side)` to the launch its `c = a @ b` made two lines on, with a `with` line between,
// in 3 of 11 runs of checker/tests/gpu/torch/side_stream_events.py). A stretch before the stop is
// kept (the line may compute on the host after its last call), and so is any stretch of a program
// without Python frames.
struct script_line {
  std::string file;
  int line = 0;
};

// The frame of `file` in a call's or read's Python frames (innermost first), if it has one.
std::optional<int> line_in(const std::vector<trace::python_frame>& frames,
                           const std::string& file) {
  for (const trace::python_frame& frame : frames)
    if (frame.file == file)
      return frame.line;
  return std::nullopt;
}

// The script's line that opened the interval: the start read's, or the start event's record
// (made through torch/cuda/streams.py: the script's own frame, not the wrapper's).
std::optional<script_line> start_line(const rule_input& input, const timed_interval& interval) {
  const std::vector<trace::python_frame>* frames = nullptr;
  if (interval.how == timed_interval::method::host_clock) {
    for (const trace::clock_read& read : input.trace().clocks) {
      if (read.tid == interval.tid && read.t_ns == interval.start_ns)
        frames = &read.python;
    }
  } else if (const trace::api_call* record =
                 input.index.by_correlation(interval.start_record_correlation)) {
    frames = &record->python;
  }
  const trace::python_frame* own = frames != nullptr ? script_frame(*frames) : nullptr;
  if (own == nullptr)
    return std::nullopt;
  return script_line{own->file, own->line};
}

bool within_one_line(const interval_facts& facts, const script_line& start, const gap& g) {
  const trace::api_call* before = nullptr; // the thread's last call with the script's frame
  const trace::api_call* after = nullptr;  // its first one after the stretch
  for (const trace::api_call* call : facts.calls) {
    if (!line_in(call->python, start.file) ||
        (facts.interval.how == timed_interval::method::events &&
         call->correlation == facts.interval.start_record_correlation)) {
      continue; // the start event's record is the interval's start, as a start read is
    }
    if (call->program_resumed_ns() <= g.start_ns &&
        (before == nullptr || call->end_ns > before->end_ns))
      before = call;
    if (call->start_ns >= g.end_ns && (after == nullptr || call->start_ns < after->start_ns))
      after = call;
  }
  if (after == nullptr)
    return false; // the stretch runs to the stop read
  const int line = *line_in(after->python, start.file);
  if (before != nullptr)
    return *line_in(before->python, start.file) == line;
  return start.line == line || start.line + 1 == line;
}

// The span the interval's number covers: the two reads, or the two events' completions.
std::pair<trace::time_ns, trace::time_ns> measured_span(const rule_input& input,
                                                        const timed_interval& interval) {
  if (interval.how == timed_interval::method::host_clock)
    return {interval.start_ns, interval.stop_ns};
  return {input.index.event_completed_ns(interval.start_record_correlation),
          input.index.event_completed_ns(interval.stop_record_correlation)};
}

// A gap that shows in only a few of many timings of the same code is not that code's doing: the
// code between the two reads is the same every time, so the host was taken away (the thread was
// descheduled, or a library or the tracer worked on it) in those few. The trace shows that the
// time went, not that the program spent it: such gaps are not reported. Measured on the H200:
// llm.c's kernel benchmarks time each kernel thousands of times with events, and 1 to 2 of 12,000
// timings held a gap of about 1 ms.
std::vector<finding> without_sporadic_gaps(const rule_input& input, std::vector<finding> found) {
  std::map<decltype(interval_place(timed_interval{})), std::size_t> timings, gaps;
  for (const interval_facts& facts : input.intervals)
    ++timings[interval_place(facts.interval)];
  for (const finding& f : found)
    ++gaps[interval_place(f.interval)];
  std::erase_if(found, [&](const finding& f) {
    const auto place = interval_place(f.interval);
    return timings[place] >= min_repeats_to_judge &&
           static_cast<double>(gaps[place]) < sporadic_share * static_cast<double>(timings[place]);
  });
  return found;
}

} // namespace

std::vector<finding> check_host_gap(const rule_input& input) {
  std::vector<finding> findings;
  std::map<int, stretch_history> histories; // by thread
  for (const interval_facts& facts : input.intervals) {
    const timed_interval& interval = facts.interval;
    if (facts.cpu_only() || interval.marked_intended || holds_start_up(input, facts) ||
        !cold_calls(input, facts, nullptr).empty()) {
      continue;
    }
    const auto [begin_ns, end_ns] = measured_span(input, interval);
    if (begin_ns == 0 || end_ns <= begin_ns)
      continue;
    std::vector<gap> gaps = idle_gaps(input, facts, begin_ns, end_ns);
    const stretch_history& history =
        histories.try_emplace(interval.tid, input, interval.tid).first->second;
    std::erase_if(gaps, [&](const gap& g) { return history.sporadic(g.start_ns, g.end_ns); });
    if (const std::optional<script_line> start = start_line(input, interval))
      std::erase_if(gaps, [&](const gap& g) { return within_one_line(facts, *start, g); });
    trace::time_ns idle_ns = 0;
    const gap* longest = nullptr;
    for (const gap& g : gaps) {
      idle_ns += g.end_ns - g.start_ns;
      if (longest == nullptr || g.end_ns - g.start_ns > longest->end_ns - longest->start_ns)
        longest = &g;
    }
    if (longest == nullptr || !is_material(idle_ns, interval.measured_ns, input.options))
      continue;
    const trace::api_call* after = call_after(facts, longest->end_ns);
    std::string message =
        messages::text(after != nullptr ? "host-gap.why" : "host-gap.why-before-stop",
                       {{"idle", format_duration(idle_ns)},
                        {"percent", format_percent(idle_ns, interval.measured_ns)},
                        {"measured", format_duration(interval.measured_ns)},
                        {"longest", format_duration(longest->end_ns - longest->start_ns)},
                        {"call", after != nullptr ? after->name : std::string()}});
    std::string hint = messages::text("host-gap.fix");
    finding found = make_finding("host-gap", interval, idle_ns, facts.truth_ns(),
                                 std::move(message), std::move(hint));
    found.blamed_site = after != nullptr ? after->site : interval.stop_site;
    findings.push_back(std::move(found));
  }
  return without_sporadic_gaps(input, std::move(findings));
}

} // namespace gpucheck::rules::detail
