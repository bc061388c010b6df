// SPDX-License-Identifier: MIT
// The words the check programs print, in English: lesson00 (catalogue_parts.hpp).
#include "messages/catalogue_parts.hpp"

#include <array>

namespace gpucheck::messages::parts {
namespace {

constexpr std::array english{
    // query_device
    entry{"check.l00.query-device.name", "query_device({device}) fills every field correctly"},
    entry{"check.l00.query-device.expected",
          "{name}, {sms} SMs, compute capability {major}.{minor}"},
    entry{"check.l00.query-device.empty-name", "an empty name"},
    entry{"check.l00.query-device.fields-differ",
          "these fields differ from what the runtime reports: {fields} ({field} should be {truth}, "
          "yours is {yours})."},
    entry{"check.l00.query-device.hint",
          "Call cudaGetDeviceProperties(&properties, device) and copy each field; the two clocks "
          "come from cudaDeviceGetAttribute (cudaDevAttrClockRate, cudaDevAttrMemoryClockRate)."},

    // cuda_error_message
    entry{"check.l00.error-message.name",
          "cuda_error_message describes a failed call, and says nothing for a success"},
    entry{"check.l00.error-message.expected",
          "a message containing \"{where}\", \"{error}\" and the call's text"},
    entry{"check.l00.error-message.empty", "an empty message"},
    entry{"check.l00.error-message.unnoticed",
          "{call} failed with {error}, and your function returned \"\": the error would go "
          "unnoticed."},
    entry{"check.l00.error-message.unnoticed-hint",
          "Compare `error` with cudaSuccess; when it differs, build the message from file, line, "
          "cudaGetErrorName(error), cudaGetErrorString(error) and call."},
    entry{"check.l00.error-message.lacks", "your message lacks \"{part}\"."},
    entry{"check.l00.error-message.lacks-hint",
          "Format it as file:line: CUDA error NAME (description) in: call."},
    entry{"check.l00.error-message.success",
          "for cudaSuccess your function returned \"{message}\": a success needs no message."},
    entry{"check.l00.error-message.success-hint", "Return \"\" when error == cudaSuccess."},

    // check_cuda (CHECKED)
    entry{"check.l00.checked.name",
          "check_cuda returns false for a failed call and true for a good one"},
    entry{"check.l00.checked.expected",
          "true for a copy from a real buffer, false for a copy from nullptr"},
    entry{"check.l00.checked.measured", "{good} and {bad}"},
    entry{"check.l00.checked.said-success",
          "a copy from a null pointer failed (cudaErrorInvalidValue), and check_cuda said it "
          "succeeded: a program using it would go on with garbage."},
    entry{"check.l00.checked.said-success-hint",
          "Return error == cudaSuccess, and print cuda_error_message(...) to stderr when it is "
          "not."},
    entry{"check.l00.checked.said-failure", "check_cuda returned false for a copy that succeeded."},
    entry{"check.l00.checked.said-failure-hint",
          "Only an error other than cudaSuccess is a failure."},

    // time_copy_ms
    entry{"check.l00.memory.pageable", "pageable"},
    entry{"check.l00.memory.pinned", "pinned"},
    entry{"check.l00.copy.name", "time_copy_ms times a copy from {memory} memory"},
    entry{"check.l00.copy.work",
          "a copy of {mib} MiB from {memory} memory (timed by the checker with events)"},
    entry{"check.l00.copy.zero-hint", "Copy the bytes with cudaMemcpy, read a clock before and "
                                      "after, and return the difference in milliseconds."},
    entry{"check.l00.copy.wrong-hint",
          "Time exactly one copy of `bytes` bytes, from the moment you ask for it until it has "
          "reached the GPU, and nothing else."},
    entry{"check.l00.copy.not-copied",
          "after your function returned, the GPU buffer did not hold the bytes of `source`: the "
          "copy you timed was not the copy of `bytes` bytes from `source` to `destination`."},
    entry{"check.l00.copy.not-copied-hint", "Copy all `bytes` bytes from `source` to "
                                            "`destination` (host to device), and time that copy."},

    // break_even_elements
    entry{"check.l00.elements.never", "never (infinity)"},
    entry{"check.l00.elements.count", "{count} elements"},
    entry{"check.l00.break-even.name",
          "break_even_elements predicts where the GPU job overtakes the CPU loop"},
    entry{"check.l00.break-even.expected", "{elements} for {costs}"},
    entry{"check.l00.break-even.slip-bytes",
          "every one of your predictions is what a job that copies {bytes} bytes per element "
          "would give. Count what crosses the bus for y = a * x + y."},
    entry{"check.l00.break-even.slip-unit",
          "every one of your predictions is the right one times {factor}: gpu_fixed_ms is in "
          "milliseconds, cpu_ns_per_element in nanoseconds."},
    entry{"check.l00.break-even.slip-no-copies",
          "every one of your predictions is what a job without copies would give: the GPU's "
          "copies are part of its job."},
    entry{"check.l00.break-even.never",
          "with these costs, copying one element takes longer than the CPU's work on it, so the "
          "GPU job falls further behind at every n; you returned {returned}."},
    entry{"check.l00.break-even.wrong",
          "your prediction is {reported} where the model gives {model}."},
    entry{"check.l00.break-even.never-hint",
          "When no n makes the GPU job faster, return std::numeric_limits<double>::infinity()."},
    entry{"check.l00.break-even.wrong-hint",
          "Write both times as functions of n in one unit (ns, say), set them equal, and solve "
          "for n."},
};

} // namespace

std::span<const entry> check_words_lesson00_en() {
  return english;
}

} // namespace gpucheck::messages::parts
