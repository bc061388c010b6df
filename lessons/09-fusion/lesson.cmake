# SPDX-License-Identifier: MIT
# The starter fails its byte counts, which need no GPU, also where there is none
# (cmake/Lessons.cmake).
set(LESSON_STARTER_FAILS_WITHOUT_GPU TRUE)
