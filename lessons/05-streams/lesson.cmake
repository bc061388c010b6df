# SPDX-License-Identifier: MIT
# The text's claim that a #define in a .cu file comes too late for the per-thread default stream,
# compiled (tests/per_thread_define.sh): the listing per_thread_define.cu is the probe.
add_test(NAME lesson.05-streams.per_thread_define_comes_too_late
         COMMAND ${lesson_dir}/tests/per_thread_define.sh ${CMAKE_CUDA_COMPILER})
set_tests_properties(lesson.05-streams.per_thread_define_comes_too_late PROPERTIES LABELS "unit")
