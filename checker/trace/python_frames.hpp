// SPDX-License-Identifier: MIT
// When the traced program is CPython (a PyTorch script), its clock reads and CUDA calls are
// attributed to the Python lines that made them, through CPython's C API found at run time with
// dlsym (no link against any Python). The API is used only on a thread that holds the GIL; the
// tracer never takes it. Issue 43; FORMAT.md, "Python frames".
#pragma once

#include <string>

namespace gputrace {

// Looks for CPython's C API among the loaded objects; called once, when the session starts.
void find_python_api();

// Whether this process runs CPython: then clock reads are judged by python_clock_read alone.
bool python_process();

// The Python side of one clock read or CUDA call: its `site` ("py:FILE:LINE<py:FILE:LINE",
// innermost first) and its `python` record field (a JSON array of {file, line, function}).
struct python_site {
  std::string site;
  std::string frames_json;
};

// Whether a clock read is the script's own: made by the interpreter's time module on behalf of
// time.perf_counter, monotonic, time, process_time, thread_time (or their _ns forms), on a thread
// that holds the GIL. The framework's reads (libtorch's threads and helpers, the interpreter's
// own deadlines in time.sleep or lock timeouts) are not. Fills `where` when it is.
bool python_clock_read(python_site& where);

// The Python frames of the calling thread, when it holds the GIL and runs Python code; false
// otherwise (PyTorch releases the GIL around most CUDA work). Once per thread, under the GIL (here
// or in python_clock_read), the tracer starts following the thread's Python calls and returns
// with a profile function, for the function below.
bool python_frames_of_thread(python_site& where);

// The Python frames of a calling thread that released the GIL (a CUDA call inside `a @ b`), as
// the profile function last saw them: the frame that called into the extension and its callers,
// each at its current line. False on a thread the tracer has not followed (a framework's own
// thread, or one that never held the GIL while the tracer watched).
bool python_frames_of_released_thread(python_site& where);

// Both of the above: the calling thread's frames, with or without the GIL.
inline bool python_frames_of_caller(python_site& where) {
  return python_frames_of_thread(where) || python_frames_of_released_thread(where);
}

} // namespace gputrace
