// SPDX-License-Identifier: MIT
// The trace file (format: FORMAT.md). Records from every thread (the program's, CUPTI's buffer
// thread, signal handlers) are appended to one buffer under a mutex and written in large chunks.
// The header must come first but names the device, which is known only once a context exists, so
// nothing reaches the file before set_device() or the end, unless the buffer grows large.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gputrace {

struct device_info {
  std::string name;       // device 0, "" when none was seen
  int driver_version = 0; // cuDriverGetVersion
  int runtime_version = 0;
  std::uint32_t cupti_version = 0;
};

// Opens (truncates) the file; false, with a message on stderr, when it cannot.
bool open_trace(const char* path, std::int64_t start_ns);

// True between open_trace and finish_trace: records written otherwise are dropped.
bool trace_open();

// Fills the header's device fields and writes out everything buffered so far.
void set_device(const device_info& info);

// Writes out the buffer now if it is full enough that the next write_line would: a caller that
// stamps when it gives the thread back (tracer_until_ns) calls this first, so that the stamp
// covers the write.
void flush_if_due();

// Appends one complete line (ending in '\n').
void write_line(std::string_view line);

// Writes an `object` record: an object named in a `site`, with its full path for addr2line.
void announce_object(std::string_view short_name, std::string_view path);

// Writes the footer and closes the file. `from_signal`: the caller may have interrupted a thread
// that holds the buffer's mutex, so wait for it only briefly.
void finish_trace(const char* reason, std::uint64_t dropped, std::uint64_t incomplete,
                  bool from_signal);

} // namespace gputrace
