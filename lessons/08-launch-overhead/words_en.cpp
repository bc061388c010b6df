// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson08 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // the bytes of (a) and (b) against the checker's own naive loop
    entry{"check.l08.bytes.expected",
          "the bytes of the checker's own naive loop: {steps} steps on the same {count} random "
          "integers"},
    entry{"check.l08.bytes.same", "the same bytes"},
    entry{"check.l08.bytes.wrong", "other bytes, from integer {index} on"},
    entry{"check.l08.batched-bytes.name", "run_batched gives the naive loop's bytes"},
    entry{"check.l08.batched-bytes.message",
          "after run_batched, integer {index} holds {got}; the naive loop leaves {expected} "
          "there."},
    entry{"check.l08.batched-bytes.untouched.message",
          "after run_batched, integer {index} still holds {got}, the value it started with: no "
          "step reached it. The buffer has {count} integers, not a multiple of a block."},
    entry{"check.l08.batched-bytes.hint",
          "Give every integer a thread (round the number of blocks up, and let the threads past "
          "the end do nothing), and let each thread do every step of its integer in order, from "
          "step 0 to steps - 1, with step_value."},
    entry{"check.l08.graph-bytes.name",
          "a replay of capture_naive's graph gives the naive loop's bytes, twice"},
    entry{"check.l08.graph-bytes.expected",
          "the bytes of the checker's own naive loop ({steps} steps on the same {count} random "
          "integers) after each of two replays, the buffer reset between them"},
    entry{"check.l08.graph-bytes.same", "the same bytes after both replays"},
    entry{"check.l08.graph-bytes.message",
          "after replay {run}, integer {index} holds {got}; the naive loop leaves {expected} "
          "there."},
    entry{"check.l08.graph-bytes.hint",
          "Capture exactly run_naive(data, count, steps, stream) between cudaStreamBeginCapture "
          "and cudaStreamEndCapture on the stream you are given, and let replay launch that "
          "graph once."},
    entry{"check.l08.graph-bytes.second.hint",
          "The first replay was right and the second was not: a replay must do the same work "
          "every time. Launch the executable graph with cudaGraphLaunch, and change nothing "
          "between replays."},
    entry{"check.l08.graph.none.measured", "capture_naive returned no graph"},
    entry{"check.l08.graph.none.message",
          "capture_naive returned an empty cuda_graph_exec: there is no graph to replay."},
    entry{"check.l08.graph.none.hint",
          "In capture_naive: cudaStreamBeginCapture(stream, ...), run_naive(data, count, steps, "
          "stream), cudaStreamEndCapture(stream, &graph), cudaGraphInstantiate(&exec, graph, 0), "
          "cudaGraphDestroy(graph); return cuda_graph_exec{exec}."},
    entry{"check.l08.graph.ran.measured", "the buffer changed during capture_naive"},
    entry{"check.l08.graph.ran.message",
          "the integers changed while capture_naive ran, before any replay: the loop ran on the "
          "GPU instead of being captured, or besides."},
    entry{"check.l08.graph.ran.hint",
          "Between cudaStreamBeginCapture and cudaStreamEndCapture nothing queued on the stream "
          "runs; it is recorded. Queue the loop there only, once, and run it only by replay."},

    // (a) the batched kernel's speed
    entry{"check.l08.batched-speed.name", "run_batched is faster on the GPU than the naive loop"},
    entry{"check.l08.batched-speed.expected",
          "at most {bar} x the naive loop's {naive} (the checker's events around each, the best "
          "of five)"},
    entry{"check.l08.batched-speed.measured", "{batched}, {ratio} x the naive loop"},
    entry{"check.l08.batched-speed.message",
          "run_batched took {batched} on the GPU, and the naive loop of {steps} launches "
          "{naive}: batching saved too little."},
    entry{"check.l08.batched-speed.hint",
          "Launch one kernel in run_batched, not one a step: its threads loop over the steps, "
          "keeping their integer in a register."},

    // (b) the graph's replay against the naive loop
    entry{"check.l08.graph-speed.name",
          "a replay costs the host far less than the naive loop, and the GPU no more"},
    entry{"check.l08.graph-speed.expected",
          "on the host, at most {host_bar} x the time of the naive loop's {steps} launch calls, "
          "and at most 4 x (or 50 us more than) the checker's own replay of the same loop; on "
          "the GPU, at most {gpu_bar} x the naive loop's time (the best of five each)"},
    entry{"check.l08.graph-speed.measured",
          "a replay: {host} on the host, against {naive_host} for the naive loop's launch calls "
          "and {own} for the checker's own replay; {gpu} on the GPU, against {naive_gpu}"},
    entry{"check.l08.graph-speed.setup.message",
          "one replay kept the host busy for {host}; one launch of the checker's own graph of "
          "the same loop, captured and instantiated beforehand, for {own}. Your replay does more "
          "than one cudaGraphLaunch: an instantiation, a capture or a wait."},
    entry{"check.l08.graph-speed.host.message",
          "one replay kept the host busy for {host}; the naive loop's {steps} launch calls took "
          "{naive_host}. A replay of a graph captured and instantiated beforehand is one "
          "cudaGraphLaunch."},
    entry{"check.l08.graph-speed.host.hint",
          "Capture and instantiate once, in capture_naive. replay only calls cudaGraphLaunch: no "
          "capture, no cudaGraphInstantiate, no wait."},
    entry{"check.l08.graph-speed.gpu.message",
          "one replay took {gpu} on the GPU; the naive loop took {naive_gpu}. The graph holds "
          "the same kernels, so it should take no longer."},
    entry{"check.l08.graph-speed.gpu.hint",
          "Capture run_naive's launches and nothing else (no copies, no waits, no extra "
          "kernels)."},

    // (c) the loop's time
    entry{"check.l08.loop.name", "time_loop_ms times the loop once, as the checker's events do"},
    entry{"check.l08.loop.expected",
          "{truth} (the checker's events once around the same {iterations} launches of a {work} "
          "kernel, back to back; within 15% or 30 us)"},
    entry{"check.l08.loop.measured", "you reported {reported}"},
    entry{"check.l08.loop.runs.message",
          "time_loop_ms ran the work {runs} times; it was asked for {iterations} iterations."},
    entry{"check.l08.loop.runs.hint",
          "Call work(stream) exactly `iterations` times, and time those calls: no warm-up run "
          "inside the function, no iteration left out."},
    entry{"check.l08.loop.summed.message",
          "you reported {reported}; the same launches back to back took {truth}. Yours is "
          "longer by {per_iteration} an iteration: about what one pair of events and its wait "
          "add to each launch."},
    entry{"check.l08.loop.summed.hint",
          "Record one start event before the first iteration and one stop event after the last, "
          "on the stream of the work; wait for the stop once, and read the time between them."},
    entry{"check.l08.loop.launches.message",
          "you reported {reported}; the launches ran for {truth} on the GPU. Yours is about the "
          "time the host spends in the launch calls ({launches} for all of them): the clock "
          "stopped when the last launch was queued, not when it had run."},
    entry{"check.l08.loop.launches.hint",
          "Wait for the GPU before you stop the clock (cudaStreamSynchronize(stream)), or time "
          "the loop with events on the stream and wait for the stop event."},
    entry{"check.l08.loop.too-long.message",
          "you reported {reported}; the same launches back to back took {truth}."},
    entry{"check.l08.loop.too-short.message",
          "you reported {reported}; the same launches back to back took {truth}."},
    entry{"check.l08.loop.not-a-number.message",
          "you reported {reported}, which is no time at all."},
    entry{"check.l08.loop.wrong.hint",
          "Time the loop once: a start event before the first iteration and a stop event after "
          "the last, both on the stream of the work, cudaEventSynchronize(stop), then "
          "cudaEventElapsedTime."},
};

} // namespace

std::span<const entry> check_words_lesson08_en() {
  return english;
}

} // namespace gpucheck::messages::parts
