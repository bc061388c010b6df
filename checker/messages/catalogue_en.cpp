// SPDX-License-Identifier: MIT
// gpucheck's messages in English: the fallback, and the words the golden tests compare. Every id
// here is in catalogue_zh.cpp too, with the same {placeholders} (test_messages_catalogue).
#include "messages/catalogue_parts.hpp"
#include "messages/messages.hpp"

#include <array>

namespace gpucheck::messages {
namespace {

constexpr std::array english{
    // check: the verdict line and the fields of a failed check (report/terminal_report.cpp)
    entry{"verdict.pass", "PASS"},
    entry{"verdict.no-device", "BUILT, NOT RUN"},
    entry{"verdict.inconclusive", "INCONCLUSIVE"},
    entry{"verdict.build-failed", "DOES NOT BUILD"},
    entry{"verdict.crashed", "CRASHED"},
    entry{"verdict.fail", "FAIL"},
    entry{"report.lesson", "lesson {folder}: {title}"},
    entry{"report.reference-solution", "  (reference solution)"},
    entry{"report.check-ok", "ok  "},
    entry{"report.check-fail", "FAIL"},
    entry{"field.expected", "expected"},
    entry{"field.measured", "measured"},
    entry{"field.why", "why"},
    entry{"field.start", "start"},
    entry{"field.stop", "stop"},
    entry{"field.at", "at"},
    entry{"field.fix", "fix"},
    entry{"field.rule", "rule"},
    entry{"field.learn", "learn"},
    // The end of a sentence the trace's findings make, and a second finding joined to the first.
    entry{"report.sentence-end", "."},
    entry{"report.also-finding", "; also [{rule}] {message}"},
    entry{
        "report.pass-on-disturbed-gpu",
        " Its number passed on a disturbed GPU (the reasons are below); the trace of a second run "
        "shows how the number was made, which no disturbance changes."},
    // A cause a check's words assumed, held against the trace (analysis/assumed_cause.cpp).
    entry{"assumed.copies-pinned",
          "the trace shows that all {copies} of your copies used pinned host memory, so pageable "
          "memory is not the cause: they moved {bytes} in copies of {median} (median) on "
          "{streams} stream(s), and kept the copy engines busy {busy} of the {call} your call "
          "took"},
    entry{"assumed.copies-pinned.between",
          "Most of your call passed between copies, not in them: each copy costs a call and a "
          "start on the GPU, whatever its size. Copy in fewer, larger pieces."},
    entry{"assumed.copies-pinned.one-stream",
          "Your copies all ran on one stream, which runs them one after another: the two "
          "directions never overlapped. Put them on two streams."},
    entry{"assumed.copies-pinned.undetermined",
          "The trace does not show why the copies were slow (their memory was pinned, the engines "
          "were busy most of the call, and they used several streams): compare their sizes and "
          "order with the lesson's."},
    entry{"assumed.copies-managed",
          "the trace shows that {managed} of your {copies} copies used managed memory "
          "(cudaMallocManaged), not pageable or pinned memory: the driver moves managed memory "
          "between host and device itself, and its copies are not the pinned copies this check "
          "measures"},
    entry{"assumed.copies-managed.fix",
          "Allocate the host buffers with cudaMallocHost (pinned) once, before the timing."},
    entry{"report.why-from-numbers",
          "(inferred from your numbers; the trace shows no timing mistake) {why}"},
    entry{"report.no-line", "in {function} (build with -g for its line)"},
    entry{"report.sanitizer-found", "compute-sanitizer found:"},
    entry{"report.sanitizer-clean", "compute-sanitizer ({tools}) found no problem."},
    entry{"report.program-output", "last lines the program printed:"},
    entry{"report.output-cut", "The program's output was cut:"},
    entry{"report.output-cut-detail",
          " it printed more than the checker keeps (256 KiB); the rest was dropped."},
    entry{"report.forged", "Ignored "},
    entry{"report.forged-detail", " line(s) in the results channel that this run's checks did "
                                  "not write (forged or damaged)."},
    entry{"report.sandboxed", "Ran in a sandbox of its own: no network, the course read-only, "
                              "the solutions, the other submissions and the results out of "
                              "reach."},
    entry{"report.not-sandboxed", "Ran without a sandbox (--no-sandbox), with gpucheck's own "
                                  "rights."},
    entry{"report.sandbox-unavailable",
          "WARNING: ran WITHOUT a sandbox, which could not start here ({why}). Its code had "
          "gpucheck's own rights: it could read the solutions and the other submissions, write "
          "into the results and reach the network. Grade untrusted code where bubblewrap can "
          "make user namespaces (docs/grading-security.md), or pass --require-sandbox."},
    entry{"report.disturbed", "the GPU was disturbed while the checks ran:"},
    entry{"report.passes-confirmed",
          "- so {count} passed check(s) were checked against the trace of a second run: it shows "
          "no mistake in the method behind those numbers"},
    entry{"report.timeline", "timeline of your run: {path}"},
    entry{"report.footer-gpu", "GPU {device}   "},
    entry{"report.footer-seed", "replay with GPUCHECK_SEED={seed}   "},
    entry{"report.footer-times", "build {build_s} s, run {run_s} s"},
    entry{"report.next-step", "Edit {file}, then run make check LESSON={number} again.  Stuck? "
                              "make hint LESSON={number}"},

    // check: headlines and advice (core/check_runner.cpp, core/noise_judgement.cpp)
    entry{"headline.build-failed", "The build failed."},
    entry{"headline.defined-twice", "Your code compiles but does not link: {where} defines "
                                    "`{name}', which the program already has."},
    entry{"headline.your-code", "your code"},
    entry{"headline.link-error", "Your code compiles but does not link: {message}"},
    entry{"advice.link-error", "A function the checks call is declared but not defined: keep "
                               "every function of the starter, with the same name and "
                               "parameters."},
    entry{"headline.compile-error", "Your code does not compile: {where}: {message}"},
    entry{"headline.not-started", "The check program could not be started: {error}"},
    entry{"headline.sandbox-required", "Not run: --require-sandbox asks for a sandbox, and it "
                                       "could not start here ({why})."},
    entry{"headline.sandbox-failed", "The check program's sandbox could not be set up: {error}"},
    entry{"headline.time-limit", "Your code did not finish within the time limit ({limit}) and "
                                 "was stopped, with everything it started."},
    entry{"advice.time-limit", "Look for a loop that never ends, or a wait for GPU work that "
                               "never completes. The limit is set with TIMEOUT=<seconds>."},
    entry{"headline.crashed", "Your code crashed: {signal}."},
    entry{"headline.cuda-error",
          "A CUDA call failed: {error}, and the checks stopped before they finished."},
    entry{"advice.illegal-address", "A kernel read or wrote memory outside its allocations. Run "
                                    "make check LESSON={number} SANITIZE=1 to see which kernel, "
                                    "at which line."},
    entry{"advice.cuda-error", "The first failing call is named in the lines above; the "
                               "lesson's CUDA_CHECK prints where it is."},
    entry{"headline.exit-0", "The program stopped before the checks finished: it exited with "
                             "status 0 while checks were still running."},
    entry{"advice.exit-0", "Something called exit() (or returned from a thread that ended the "
                           "program). Let your functions return; never end the program from "
                           "them."},
    entry{"headline.stopped", "The checks stopped before they finished (exit status {status})."},
    entry{"advice.stopped",
          "A CUDA call failed, or the program called exit(). Its last lines are below."},
    entry{"headline.failed", "{failed} of {total} checks failed."},
    entry{"headline.failed-silently", "A check failed without a report."},
    entry{"headline.no-gpu-for-the-rest",
          " The checks that need a GPU did not run: this machine has none ({reason})."},
    entry{"headline.exception", "Your code threw a C++ exception that nothing caught: "
                                "\"{what}\"; the check that called it failed."},
    entry{"headline.exception-also-failed", "Besides it, {failed} of the {total} checks that "
                                            "reported failed."},
    entry{"advice.exception", "Return a number from every path of your functions; if something "
                              "can fail, report it (CUDA_CHECK) rather than throw."},
    entry{"headline.no-device", "Built. The GPU checks need an NVIDIA GPU, and this machine has "
                                "none ({reason})."},
    entry{"report.not-run", "Not run here (they need an NVIDIA GPU):"},
    entry{"advice.no-gpu-meanwhile",
          "Meanwhile: the {ran} check(s) above need no GPU and ran here; make hint LESSON={number} "
          "gives one hint at a time, and {text} explains what the other checks measure. A machine "
          "with an NVIDIA GPU gives the verdict."},
    entry{"advice.no-gpu-meanwhile-none",
          "Meanwhile (every check of this lesson needs a GPU): make hint LESSON={number} gives one "
          "hint at a time, and {text} explains what these checks measure. A machine with an "
          "NVIDIA GPU gives the verdict."},
    entry{"headline.passed", "All {total} checks passed."},
    entry{"headline.inconclusive", "{failed} timing check(s) failed, but the GPU was too "
                                   "disturbed to judge timings: inconclusive, re-run."},
    entry{"advice.disturbed-but-wrong",
          "The GPU was disturbed while the checks ran, but that cannot explain every failure: a "
          "busy GPU makes times longer, never shorter, never longer than the call that measured "
          "them, and never changes a unit, a result or what your code did (the trace shows "
          "that)."},
    entry{"advice.pass-refuted",
          "The GPU was disturbed while the checks ran, so every pass whose call the trace of a "
          "second run holds was checked against it: on a busy GPU a wrong method's number can land "
          "within tolerance by "
          "chance, but what the code did stays the same."},
    entry{"advice.inconclusive", "Re-run when the GPU is quiet (nvidia-smi shows what else runs "
                                 "on it). Your code was not judged wrong."},

    // lint (report/lint_report.cpp)
    entry{"severity.error", "error"},
    entry{"severity.warning", "warning"},
    entry{"severity.note", "note"},
    entry{"lint.clean", "no timing mistakes"},
    entry{"lint.clean-detail.one", " in {count} timed interval of {program}"},
    entry{"lint.clean-detail", " in {count} timed intervals of {program}"},
    entry{"lint.findings.one", "{count} timing finding"},
    entry{"lint.findings", "{count} timing findings"},
    entry{"lint.findings-detail", " in {count} timed intervals of {program}"},
    entry{"lint.interval-events", "interval timed with events, measured {measured}"},
    entry{"lint.interval-clock", "interval timed with {clock}, measured {measured}"},
    entry{"lint.between", ", from {start} to {stop}"},
    entry{"lint.more-like-it", " (and {count} more like it)"},
    entry{"lint.fix", "fix: {hint}"},
    entry{"lint.learn", "learn: {lesson}"},
    entry{"lint.in-function", "in {function}"},
    entry{"lint.without-lines", "Some findings name a function, not a line: build the program "
                                "with -g (or nvcc's -lineinfo) to see their lines."},
    entry{"lint.timeline", "timeline: {path}"},
    entry{"lint.gpu", "GPU {device}"},
    entry{"lint.no-gpu", "Built and ran. The timing analysis needs an NVIDIA GPU, and this machine "
                         "has none: the numbers the program printed are not a GPU's, and nothing "
                         "was judged."},
    entry{"lint.would-judge", "On a GPU, lint would judge each of the {count} interval(s) this run "
                              "timed with a host clock or with events, for these mistakes:"},
    entry{"lint.would-judge-none",
          "On a GPU, lint would judge each interval the program times with a host clock or with "
          "events (this run timed none: without a GPU it may have stopped at its first CUDA "
          "call), for these mistakes:"},
    entry{"lint.no-gpu-next", "Run make lint again on a machine with an NVIDIA GPU for the "
                              "findings (exit 77: not judged)."},

    // hint (cli/hint_command.cpp)
    entry{"hint.none", "Lesson {folder} has no hints. Read its lesson.md."},
    entry{"hint.heading", "Hints for lesson {folder}: {title}"},
    entry{"hint.next", "Run make hint LESSON={number} again for the next one."},
    entry{"hint.last", "That was the last hint. The lesson text explains it all: {path}"},
    entry{"hint.not-saved", "gpucheck hint: could not save progress to {path}"},
    entry{"hint.shared-counter",
          "(The count of hints shown is kept per lesson, and shared by make hint in every "
          "language.)"},

    // why there is no GPU (core/gpu_probe.cpp; checkapi's check.api.device.no-driver says the
    // same words, so that check, run and status agree)
    entry{"gpu.no-driver", "no NVIDIA driver is installed: {library} was not found"},
    entry{"gpu.not-a-driver", "{library} is not a CUDA driver (no cuInit)"},
    entry{"gpu.no-device", "the NVIDIA driver sees no CUDA device"},
    entry{"gpu.driver-failed", "the NVIDIA driver did not start (cuInit error {status})"},

    // run (cli/run_command.cpp)
    entry{"run.compiling", "Compiling your exercise.cu with lesson {folder}'s program..."},
    entry{"run.compiling-solution",
          "Compiling the reference solution with lesson {folder}'s program..."},
    entry{"run.first-build", "(the first time for this lesson: nvcc compiles main.cu too, about "
                             "a minute; later runs compile your file alone)"},
    entry{
        "run.no-gpu",
        "Built, not run: lesson {folder}'s program needs an NVIDIA GPU, and this machine has none "
        "({reason}).\nYour code compiles. make check LESSON={number} runs the checks that need "
        "no GPU; the lesson text shows what a GPU prints."},

    // status (cli/status_command.cpp, core/lesson_progress.cpp)
    entry{"status.summary", "{passed} of {total} lessons passed."},
    entry{"status.column-title", "title"},
    entry{"status.column-state", "state"},
    entry{"status.column-checked", "last checked"},
    entry{"status.damaged", "The progress file {path} could not be read; it will be written "
                            "anew at the next check."},
    entry{"status.next", "Next: make check LESSON={number}  ({folder}, the first lesson not "
                         "passed yet; `make check` alone checks it too)"},
    entry{"status.no-gpu", "This machine has no NVIDIA GPU ({reason}): make check builds your "
                           "code and runs the checks that need no GPU, but a lesson passes only "
                           "on a machine with one."},
    entry{"status.all-passed", "Every lesson has passed."},
    entry{"progress.not-started", "not started"},
    entry{"progress.passed", "passed"},
    entry{"progress.changed", "passed earlier, changed since"},
    entry{"progress.no-device", "built, not run (no GPU)"},
    entry{"progress.build-failed", "failing (does not build)"},
    entry{"progress.crashed", "failing (crashed or timed out)"},
    entry{"progress.inconclusive", "inconclusive (check again)"},
    entry{"progress.failing", "failing"},

    // the rules' sentences (rules/*.cpp): what happened, by how much, and the fix
    entry{"stale-queue.why",
          "the interval includes {effect} of earlier work, {percent} of what you measured "
          "({measured}): work launched before your clock started was still queued, and the "
          "{call} at the stop waited for it"},
    entry{"stale-queue.why-other-streams",
          "the interval includes {effect} of earlier work on other streams than yours, {percent} "
          "of what you measured ({measured}): the {call} at the stop waited for every stream of "
          "the device, not only the one that carries your work"},
    entry{"stale-queue.fix-other-streams",
          "wait for the stream that carries your work (cudaStreamSynchronize on it) instead of "
          "the whole device, or time with events recorded on that stream"},
    entry{"stale-queue.fix",
          "make sure that nothing queued earlier is still running when the clock starts (wait "
          "for it before the first read), or time with events recorded on the work's stream"},
    entry{"unsynced-stop.why-submission",
          "this interval measures only the submission of work, {measured}; the work itself ran "
          "{truth} on the GPU and finished {late} after the clock stopped"},
    entry{"unsynced-stop.fix-submission",
          "to time the work, synchronize (cudaDeviceSynchronize or cudaStreamSynchronize on its "
          "stream) before reading the clock; if timing the submission is what you meant, mark "
          "the line that stops the clock as intended"},
    entry{"unsynced-stop.why",
          "you measured {measured}; the work launched in this interval ran {truth} on the GPU "
          "and finished {late} after your clock stopped"},
    entry{"unsynced-stop.why-host-paced",
          "your clock stopped while the work launched in this interval was still running, with "
          "no wait for it: in the run that failed you reported {reported}, and the work took "
          "{truth}; in the traced replay, whose API calls the tracer slows, the work still "
          "finished {late} after your clock stopped"},
    entry{"unsynced-stop.fix",
          "a launch returns before the GPU has done the work: wait until the GPU has finished it "
          "(its stream, or the whole device) before you read the clock, or time with events"},
    entry{"sync-other-stream.why",
          "you measured {measured}; the {call} before the stop waited on {waited_on}, but the "
          "work ran on {work_stream} for {truth} and finished {late} after your clock stopped"},
    entry{"sync-other-stream.why-host-paced",
          "the {call} before the stop waited on {waited_on}, but the work ran on {work_stream}: "
          "in the run that failed you reported {reported}, and the work took {truth}; in the "
          "traced replay, whose API calls the tracer slows, the work still finished {late} after "
          "your clock stopped"},
    entry{"sync-other-stream.why-held",
          "you measured {measured}; the {call} before the stop waited on {waited_on}, where none "
          "of the timed work ran (it ran on {work_stream}), so your clock also ran for {effect} "
          "of that stream's earlier work, {percent} of what you measured"},
    entry{"sync-other-stream.fix",
          "synchronize the stream that carries the work (cudaStreamSynchronize on the stream you "
          "launched it on) before you read the clock"},
    entry{"setup-in-region.why",
          "the interval includes {effect} of one-time setup ({calls}), {percent} of what you "
          "measured ({measured})"},
    entry{"setup-in-region.fix",
          "allocate memory and create streams, events and handles before you start the clock, "
          "and free them after you stop it; time only the work"},
    entry{"below-resolution.why",
          "the work you timed ran {truth} on the GPU, less than one timing resolves (about "
          "{resolution}); you measured {measured}"},
    entry{"below-resolution.fix",
          "what one timing adds is a large part of this interval: make the timed interval far "
          "longer than that, and report the median of several samples"},
    entry{"event-timing-disabled.both", "both events were"},
    entry{"event-timing-disabled.start", "the start event was"},
    entry{"event-timing-disabled.stop", "the stop event was"},
    entry{"event-timing-disabled.why",
          "cudaEventElapsedTime failed (error {error}) because {which} created with "
          "cudaEventDisableTiming; the program got no time"},
    entry{"event-timing-disabled.fix",
          "create the events you time with cudaEventCreate (no cudaEventDisableTiming flag); "
          "keep that flag for events used only to synchronize"},
    entry{"event-not-complete.why-early",
          "cudaEventElapsedTime was called {early} before the stop event completed, so it "
          "returned cudaErrorNotReady and the program got no time"},
    entry{"event-not-complete.why",
          "cudaEventElapsedTime was called before the stop event completed, so it returned "
          "cudaErrorNotReady and the program got no time"},
    entry{"event-not-complete.work-ran", " (the work between the events ran {truth})"},
    entry{"event-not-complete.fix",
          "call cudaEventSynchronize(stop) after recording it and before cudaEventElapsedTime, "
          "and check the error each CUDA call returns"},
    entry{"submission-only.fix",
          "marked as intended: nothing to change if submission time is what you meant to measure"},
    entry{"stream.legacy", "the legacy default stream"},
    entry{"stream.per-thread", "the per-thread default stream"},
    entry{"stream.non-blocking", "a cudaStreamNonBlocking stream"},
    entry{"stream.blocking", "an ordinary stream"},
    entry{"stream.unknown", "a stream"},
    entry{"event-stream-mismatch.and", " and {stream}"},
    entry{"event-stream-mismatch.why",
          "you measured {measured}, but the events were recorded on {events_on} and the work "
          "between them ran on {work_stream}, which is not ordered with it; that work ran {truth} "
          "on the GPU"},
    entry{"event-stream-mismatch.why-failed-run",
          "the events were recorded on {events_on} and the work between them ran on "
          "{work_stream}, which is not ordered with it: in the run that failed you reported "
          "{reported}, and the work took {truth}"},
    entry{"event-stream-mismatch.fix",
          "record both events on the stream that carries the work: cudaEventRecord(start, "
          "stream) ... cudaEventRecord(stop, stream)"},
    entry{"event-stream-mismatch.fix-non-blocking",
          " (a stream created with cudaStreamNonBlocking is not ordered with stream 0)"},
    entry{"cpu-time-clock.why",
          "you measured {measured} with {clock}, which counts CPU time, but the interval lasted "
          "{wall} on the wall clock"},
    entry{"cpu-time-clock.work-ran", " (its GPU work ran {truth})"},
    entry{"cpu-time-clock.why-spun",
          "you measured {measured} with {clock}, which counts CPU time; it matched the wall clock "
          "in this run only because the host spun for {waited} while it waited for the GPU: "
          "where the host sleeps in the wait (blocking sync), the number loses that time"},
    entry{"cpu-time-clock.why-busy",
          "you measured {measured} with {clock}, which counts CPU time; it came near the wall "
          "clock's {wall} in this run only because the CPU was busy for the whole interval: the "
          "time the CPU does not run (a wait that sleeps, a preempted thread) is not in it"},
    entry{"cpu-time-clock.fix",
          "time GPU work with a wall clock (std::chrono::steady_clock, CLOCK_MONOTONIC) after a "
          "synchronization, or with CUDA events"},
    entry{"calendar-clock.why-moved",
          "you measured {measured} with {clock}, the calendar clock, but the interval lasted "
          "{wall} on the monotonic clock: the calendar clock jumped {moved} against it while it "
          "measured"},
    entry{"calendar-clock.note",
          "timed with {clock}, the calendar clock (it moved {moved} against the monotonic clock "
          "here, too little to tell from the tracer's own delay); the time service or an "
          "administrator may set it during any measurement, by any amount; "
          "std::chrono::steady_clock (CLOCK_MONOTONIC) is never set"},
    entry{"calendar-clock.fix",
          "time intervals with std::chrono::steady_clock (CLOCK_MONOTONIC), which is never set, "
          "or with CUDA events"},
    entry{"event-order.why-swapped",
          "cudaEventElapsedTime was given the stop event first and the start event second "
          "(swapped), so it measured -{measured}"},
    entry{"event-order.fix-swapped",
          "pass the start event first: cudaEventElapsedTime(&ms, start, stop)"},
    entry{"event-order.why-before-start",
          "the work ({missed} on the GPU) was launched before the start event was recorded, so "
          "the events bracket {bracketed}; they measured {measured}"},
    entry{"event-order.why-after-stop",
          "the work ({missed} on the GPU) was launched after the stop event was recorded, so the "
          "events bracket {bracketed}; they measured {measured}"},
    entry{"event-order.no-work", "no work at all"},
    entry{"event-order.other-work", "other work only"},
    entry{"event-order.fix-before-start",
          "record the start event before you launch the work: cudaEventRecord(start, stream); "
          "work; cudaEventRecord(stop, stream)"},
    entry{"event-order.fix-after-stop",
          "record the stop event after you launch the work: cudaEventRecord(start, stream); "
          "work; cudaEventRecord(stop, stream)"},
    entry{"list.separator", ", "},
    entry{"cold-start.first-thrust-launch", "the first launch of the thrust/CUB kernel {kernel}"},
    entry{"cold-start.first-library-call",
          "the first {library} call of the run that launched work"},
    entry{"cold-start.compilation", "run-time compilation ({call})"},
    entry{"cold-start.context-in", "context creation in {call}"},
    entry{"cold-start.module-in", "module loading in {call}"},
    entry{"cold-start.why",
          "the interval includes {effect} of one-time start-up ({what}), {percent} of what you "
          "measured ({measured})"},
    entry{"cold-start.fix",
          "warm up before you time: make one untimed call first (launch the kernel once, create "
          "library handles and call each library function once) and synchronize, then start the "
          "clock"},
    entry{"host-gap.why",
          "the interval includes {idle} of host time spent outside any CUDA call while the GPU "
          "ran nothing, {percent} of what you measured ({measured}); the longest stretch, "
          "{longest}, came just before {call}"},
    entry{"host-gap.why-before-stop",
          "the interval includes {idle} of host time spent outside any CUDA call while the GPU "
          "ran nothing, {percent} of what you measured ({measured}); the longest stretch, "
          "{longest}, came just before the stop"},
    entry{"host-gap.fix",
          "keep host work (sleeps, printing, computation) out of the timed region: between the "
          "clock reads, only launch the work and wait for it"},
    entry{"returned-value.events-swapped",
          "the events are swapped in cudaEventElapsedTime (it takes the start event first, then "
          "the stop), so the time came out negative"},
    entry{"returned-value.clock-reads-swapped",
          "the clock reads are subtracted the wrong way round (start - stop), so the time came "
          "out negative"},
    entry{"returned-value.truncated-or-rounded",
          "the fraction of a millisecond was truncated or rounded away (duration_cast<"
          "milliseconds>, std::round and an integer type all do that)"},
    entry{"returned-value.truncated",
          "the conversion dropped the fraction: it truncated to whole milliseconds "
          "(duration_cast<milliseconds>, or an integer type, does that)"},
    entry{"returned-value.rounded", "the conversion rounded to whole milliseconds"},
    entry{"returned-value.microseconds", "the number is in microseconds, not milliseconds"},
    entry{"returned-value.nanoseconds", "the number is in nanoseconds, not milliseconds"},
    entry{"returned-value.seconds", "the number is in seconds, not milliseconds"},
    entry{"returned-value.other-number", "the number returned is not the one measured"},
    entry{"returned-value.sum-of-intervals",
          "it is the sum of the {count} intervals the function timed, one an iteration: each "
          "interval adds its own events and wait to the work, and the loop's time is none of "
          "them"},
    entry{"returned-value.fix-sum",
          "time the loop once: one start before the first iteration, one stop after the last, one "
          "wait for the stop, and return that one time"},
    entry{"returned-value.why-events",
          "your function returned {returned} (as milliseconds), but cudaEventElapsedTime gave "
          "your function {measured}: {slip}"},
    entry{"returned-value.why-clock",
          "your function returned {returned} (as milliseconds), but your clock reads measured "
          "{measured}: {slip}"},
    entry{"returned-value.fix", "return the time you measured, in milliseconds"},
    entry{"returned-value.fix-events",
          "return the float cudaEventElapsedTime(&ms, start, stop) wrote, unchanged (it is "
          "already in milliseconds)"},
    entry{"returned-value.fix-clock",
          "return std::chrono::duration<double, std::milli>(stop - start).count(): a double of "
          "milliseconds, with its fraction"},
    entry{"error.no-lesson", "gpucheck {command}: there is no lesson '{name}'."},
    entry{"lessons.are", "The lessons are:"},
    entry{"lessons.how-to-name", "Name one by its number (LESSON=4), its folder "
                                 "(LESSON=04-two-sync-methods) or its slug "
                                 "(LESSON=two-sync-methods)."},
    entry{"progress.checking", "Checking lesson {folder} ..."},
    entry{"progress.checking-solution", "Checking lesson {folder} (reference solution) ..."},
    entry{"progress.compiling", "  compiling your exercise.cu with the lesson's checks..."},
    entry{"progress.compiling-solution",
          "  compiling the reference solution with the lesson's checks..."},
    entry{"progress.first-build", "  (the first time for this lesson: about {minutes} min on two "
                                  "cores; later checks compile your file alone, in seconds)"},
    entry{"progress.running", "  running the checks..."},
    entry{"progress.waiting-for-gpu", "waiting for another check on this GPU ({gpu})..."},
    entry{"progress.replay-failed",
          "  a check failed: running it again under the tracer, to read what your code did..."},
    entry{"progress.replay-disturbed",
          "  the GPU was disturbed: running the checks again under the tracer, to confirm the "
          "passes by what your code did..."},
    entry{"progress.replay-asked",
          "  running the checks again under the tracer, for the trace you asked for..."},
    entry{"noise.before", "before the checks"},
    entry{"noise.after", "after the checks"},
    entry{"noise.other-processes",
          "{count} other process(es) were computing on the GPU {when} (utilization "
          "{utilization}%)"},
    entry{"noise.clocks-held-down", "the GPU's clocks were held down {when} ({why})"},
    entry{"noise.host-jitter",
          "host-clock timings of known work varied by {varied} us (the checks allow {limit} us)"},
    entry{"noise.event-jitter",
          "event timings of known work varied by {varied} us (the checks allow {limit} us)"},
    entry{"advice.query-not-ready",
          "A query answers cudaErrorNotReady while the work is still running: that is an answer, "
          "not an error, so a polling query must not stop the program (no CUDA_CHECK around it). "
          "To simply wait, call cudaEventSynchronize(stop) instead."},
    entry{"advice.elapsed-not-ready",
          "cudaEventElapsedTime was called before both of its events had happened on the GPU: "
          "the work before them was still running, so there was no time to read yet (rule "
          "event-not-complete). Wait for the stop event first, cudaEventSynchronize(stop), and "
          "record both events on the stream that carries the work, so that the stop cannot "
          "happen before the start."},
    entry{"advice.elapsed-bad-event",
          "cudaEventElapsedTime needs two events that were both recorded and both created to "
          "time: one was never recorded (cudaEventRecord), was already destroyed, or was created "
          "with cudaEventDisableTiming (rule event-timing-disabled). Create timing events "
          "(gpucourse::cuda_event) and record both before you read them."},
    entry{"advice.capture-not-begun",
          "cudaStreamBeginCapture failed: a stream capture could not begin. Capture may not "
          "begin on the legacy default stream (0, cudaStreamLegacy), nor on a stream that is "
          "already capturing: capture on a stream you created (in lesson 08, the stream "
          "capture_naive is given), and end it with cudaStreamEndCapture on that same stream."},
    entry{"advice.capture-implicit",
          "The legacy default stream (0) was used while another stream was capturing a graph. "
          "Queue the work you capture on the capturing stream itself, and nothing on stream 0 "
          "until cudaStreamEndCapture."},
    entry{"advice.context-destroyed",
          "The CUDA context the checks were using was destroyed while they ran: something called "
          "cudaDeviceReset(). A timing function must leave the device as it found it; remove the "
          "reset."},
    entry{"advice.out-of-memory",
          "The GPU ran out of memory: an allocation larger than the card, or memory allocated on "
          "every call and never freed. Allocate once, and let an owner free it "
          "(gpucourse::device_buffer in cuda_raii.cuh)."},

    // lint: PyTorch (report/lint_report.cpp; issue 43)
    entry{"lint.inside-framework",
          "Some findings name a function, not a line of the script: the framework made that call "
          "on a thread of its own, which ran no Python, so no line of the script made it."},

    // why: number slips
    entry{"report.why-undetermined",
          "(cause not determined: the trace of this call shows no timing mistake, and your numbers "
          "no exact slip) {why}"},
    entry{"report.why-undetermined.hint",
          "Compare what your function times with the lesson's section below, and look at this "
          "call's timeline (make check ... TIMELINE=run.svg): the checker could not tell which "
          "mistake moved the number."},
};

} // namespace

std::span<const entry> english_catalogue() {
  static const std::vector<entry> table =
      parts::joined({std::span<const entry>(english), parts::check_words_en()});
  return table;
}

} // namespace gpucheck::messages
