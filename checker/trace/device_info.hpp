// SPDX-License-Identifier: MIT
// The header's device fields, asked of the driver once a context exists.
#pragma once

#include "trace_writer.hpp"

namespace gputrace {

// Device 0's name and the driver, runtime and CUPTI versions. The driver is reached through
// dlopen(RTLD_NOLOAD), never linked, so that the library loads on machines without a driver.
device_info query_device_info();

} // namespace gputrace
