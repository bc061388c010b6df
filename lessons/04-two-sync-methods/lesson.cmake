# SPDX-License-Identifier: MIT
# On a GPU the starter fails checks that show what was expected and what was measured, with the
# rule that explains the mistake (cmake/Lessons.cmake: the GPU suite checks it in Chinese).
set(LESSON_STARTER_FAILS_WITH_MEASURES TRUE)
