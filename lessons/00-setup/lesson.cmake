# SPDX-License-Identifier: MIT
# The starter fails break_even_elements, which needs no GPU, also where there is none
# (cmake/Lessons.cmake).
set(LESSON_STARTER_FAILS_WITHOUT_GPU TRUE)
