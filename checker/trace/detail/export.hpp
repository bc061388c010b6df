// SPDX-License-Identifier: MIT
// The library is built with hidden visibility; only what a loader or the program must find is
// exported: InitializeInjection and the interposed functions.
#pragma once

#define GPUTRACE_EXPORT extern "C" __attribute__((visibility("default")))
