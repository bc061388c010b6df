// SPDX-License-Identifier: MIT
// The why a report shows for a failed check, the same in every report a student reads.
#pragma once

#include "core/check_report.hpp"

#include <string>

namespace gpucheck {

// The check's or the trace's sentence, marked where only the numbers showed it, or where the GPU
// was disturbed during the run (`report.noise_reasons`) and the check says noise could have caused
// its failure: then no sentence of the check's, made for a quiet GPU ("your warm-up has 50 calls,
// but it had 2"), is a determined cause, whatever another check's failure decided.
std::string shown_why(const check_report& report, const check_item& check);

} // namespace gpucheck
