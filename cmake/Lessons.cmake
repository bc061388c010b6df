# SPDX-License-Identifier: MIT
# One set of targets per lesson folder (lessons/NN-slug with a check.cu), named after the folder so
# that gpucheck can derive them:
#   lesson.NN-slug.check           check.cu + the student's exercise.cu   (gpucheck check N)
#   lesson.NN-slug.check-solution  check.cu + solutions/NN-slug/exercise.cu (--solution)
#   lesson.NN-slug.run             main.cu + the student's exercise.cu    (make run LESSON=N)
#   lesson.NN-slug.run-solution    main.cu + the reference
#   lesson.NN-slug.check-starter   check.cu + the starter as committed in git (gpucheck check N
#                                  --starter: the course's own tests, whatever the student edited)
# The student's targets are built only when asked for (gpucheck check, make run): a build of
# everything (make test) never compiles the student's file, which may be half-edited; the tests
# build the starters as committed in its place (tools/course-as-committed.sh).
# check.cu is compiled once, into an object library, so that re-checking after an edit compiles
# exercise.cu alone and relinks. exercise.cu and main.cu are object libraries too
# (lesson.NN-slug.exercise[-solution], lesson.NN-slug.main), each compiled once for the check and
# the run programs that share it. A lesson may add libraries in an optional lesson.cmake that sets
# LESSON_LIBRARIES, and say there that its starter fails checks that need no GPU
# (LESSON_STARTER_FAILS_WITHOUT_GPU), or that on a GPU it fails checks that show what was expected
# and what was measured (LESSON_STARTER_FAILS_WITH_MEASURES: the GPU suite checks the first such
# starter in Chinese, checker/tests/gpu/zh_starter_check.sh). Fixture lessons for the checker's own tests use the prefix "fixture" and are
# built only when asked for.

function(gpucourse_add_lesson prefix lesson_dir solution_dir exclude_from_all)
  get_filename_component(name ${lesson_dir} NAME)
  set(base ${prefix}.${name})
  set(output_dir ${PROJECT_BINARY_DIR}/bin/${prefix}/${name})
  set(LESSON_LIBRARIES "")
  set(LESSON_STARTER_FAILS_WITHOUT_GPU FALSE)
  set(LESSON_STARTER_FAILS_WITH_MEASURES FALSE)
  if(EXISTS ${lesson_dir}/lesson.cmake)
    include(${lesson_dir}/lesson.cmake)
  endif()
  # What the starter does without a GPU (checker/tests/integration): every check waits for a GPU
  # (77), unless lesson.cmake says that checks of it that need none fail there.
  set_property(GLOBAL PROPERTY GPUCOURSE_STARTER_FAILS_WITHOUT_GPU.${base}
                               ${LESSON_STARTER_FAILS_WITHOUT_GPU})
  set_property(GLOBAL PROPERTY GPUCOURSE_STARTER_FAILS_WITH_MEASURES.${base}
                               ${LESSON_STARTER_FAILS_WITH_MEASURES})
  set(exclude "")
  if(exclude_from_all)
    set(exclude EXCLUDE_FROM_ALL)
  endif()

  # The lesson's own host-side judgement (judgement/*.cpp): plain C++ that check.cu hands the
  # numbers it measured to, unit-tested without a GPU (tests/unit/*.cpp, one doctest program per lesson).
  set(judgement "")
  file(GLOB judgement_sources CONFIGURE_DEPENDS ${lesson_dir}/judgement/*.cpp)
  if(judgement_sources)
    set(judgement ${base}.judgement)
    add_library(${judgement} STATIC ${judgement_sources})
    target_include_directories(${judgement} PUBLIC ${lesson_dir})
    target_link_libraries(${judgement} PUBLIC gpucheck_checkapi_host)
    set_target_properties(${judgement} PROPERTIES UNITY_BUILD ON) # as the check API's
  endif()
  file(GLOB unit_tests CONFIGURE_DEPENDS ${lesson_dir}/tests/unit/*.cpp)
  if(unit_tests)
    gpucourse_add_unit_tests(${base}.unit-tests SOURCES ${unit_tests}
                             LIBRARIES gpucheck_checkapi_host ${judgement})
    target_include_directories(${base}.unit-tests PRIVATE ${lesson_dir})
  endif()

  add_library(${base}.check-objects OBJECT ${exclude} ${lesson_dir}/check.cu)
  target_link_libraries(${base}.check-objects PUBLIC gpucheck_checkapi ${judgement})
  target_include_directories(${base}.check-objects PUBLIC ${lesson_dir})
  if(EXISTS ${lesson_dir}/main.cu)
    add_library(${base}.main OBJECT ${exclude} ${lesson_dir}/main.cu)
    target_link_libraries(${base}.main PRIVATE lesson_common CUDA::cublas ${LESSON_LIBRARIES})
    target_include_directories(${base}.main PRIVATE ${lesson_dir})
  endif()
  # Everything of the check program but the student's file, for a grading batch that compiles
  # each submission on its own and links it with these (cli/grade_batch.cpp).
  add_custom_target(${base}.check-course-side)
  add_dependencies(${base}.check-course-side ${base}.check-objects gpucheck_check_main
                   gpucheck_checkapi ${judgement})
  # Fixture lessons test the checker, and run on a GPU only where they were built: one
  # architecture is enough (GPUCOURSE_TEST_CUDA_ARCHITECTURES, CMakeLists.txt).
  if(prefix STREQUAL "fixture")
    set_target_properties(${base}.check-objects PROPERTIES
                          CUDA_ARCHITECTURES "${GPUCOURSE_TEST_CUDA_ARCHITECTURES}")
  endif()

  set(variants student solution)
  if(prefix STREQUAL "lesson" AND NOT GPUCOURSE_EXERCISE_OVERRIDE) # not in a grading tree
    list(APPEND variants starter)
  endif()
  foreach(variant IN LISTS variants)
    set(variant_exclude ${exclude})
    if(variant STREQUAL "student")
      set(exercise ${lesson_dir}/exercise.cu)
      set(suffix "")
      # gpucheck grade: a grading tree builds a submission's copy in place of the starter.
      if(GPUCOURSE_EXERCISE_OVERRIDE AND prefix STREQUAL "lesson")
        set(exercise ${GPUCOURSE_EXERCISE_OVERRIDE})
      endif()
      # A deleted exercise.cu costs only this lesson's targets (gpucheck names it as missing;
      # make reset restores it, and CMake configures again when it is back).
      if(NOT EXISTS ${exercise})
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${exercise})
        continue()
      endif()
      if(prefix STREQUAL "lesson")
        set(variant_exclude EXCLUDE_FROM_ALL)
      endif()
    elseif(variant STREQUAL "starter")
      set(exercise ${GPUCOURSE_STARTERS_DIR}/lessons/${name}/exercise.cu)
      set(suffix "-starter")
      if(NOT EXISTS ${exercise})
        continue()
      endif()
    else()
      set(exercise ${solution_dir}/exercise.cu)
      set(suffix "-solution")
      if(NOT EXISTS ${exercise})
        continue()
      endif()
    endif()
    # The student's file (or the reference), compiled once for both programs below.
    add_library(${base}.exercise${suffix} OBJECT ${variant_exclude} ${exercise})
    if(variant STREQUAL "starter")
      add_dependencies(${base}.exercise${suffix} course-as-committed)
    endif()
    target_link_libraries(${base}.exercise${suffix} PRIVATE gpucheck_checkapi lesson_common
                                                            CUDA::cublas ${LESSON_LIBRARIES})
    target_include_directories(${base}.exercise${suffix} PRIVATE ${lesson_dir})
    # Line numbers in device code, for compute-sanitizer's findings (gpucheck check --sanitize).
    target_compile_options(${base}.exercise${suffix} PRIVATE
                           $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>)
    if(prefix STREQUAL "fixture")
      set_target_properties(${base}.exercise${suffix} PROPERTIES
                            CUDA_ARCHITECTURES "${GPUCOURSE_TEST_CUDA_ARCHITECTURES}")
    endif()

    add_executable(${base}.check${suffix} ${variant_exclude} $<TARGET_OBJECTS:${base}.exercise${suffix}>
                   $<TARGET_OBJECTS:${base}.check-objects> $<TARGET_OBJECTS:gpucheck_check_main>)
    target_link_libraries(${base}.check${suffix} PRIVATE gpucheck_checkapi ${judgement}
                                                         lesson_common CUDA::cublas
                                                         ${LESSON_LIBRARIES})
    set_target_properties(${base}.check${suffix} PROPERTIES
      LINKER_LANGUAGE CUDA OUTPUT_NAME check${suffix} RUNTIME_OUTPUT_DIRECTORY ${output_dir})

    if(EXISTS ${lesson_dir}/main.cu)
      add_executable(${base}.run${suffix} ${variant_exclude} $<TARGET_OBJECTS:${base}.exercise${suffix}>
                     $<TARGET_OBJECTS:${base}.main>)
      set_target_properties(${base}.run${suffix} PROPERTIES LINKER_LANGUAGE CUDA)
      target_link_libraries(${base}.run${suffix} PRIVATE lesson_common CUDA::cublas
                                                         ${LESSON_LIBRARIES})
      target_include_directories(${base}.run${suffix} PRIVATE ${lesson_dir})
      set_target_properties(${base}.run${suffix} PROPERTIES
        OUTPUT_NAME run${suffix} RUNTIME_OUTPUT_DIRECTORY ${output_dir})
    endif()
  endforeach()
endfunction()

# The course's lesson folders, lessons/NN-slug, in order: the one place that finds them (the
# check words, cmake/Words.cmake; the lessons' targets and tests below).
function(gpucourse_lesson_folders out_var)
  file(GLOB folders LIST_DIRECTORIES true CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/lessons/[0-9][0-9]-*)
  list(SORT folders)
  set(${out_var} ${folders} PARENT_SCOPE)
endfunction()

# The first lesson, in order, of a kind that a test needs, rather than a lesson named by number:
# one with a check.cu and each file of HAS, whose lesson.cmake says each of WITH and none of
# WITHOUT (STARTER_FAILS_WITHOUT_GPU, STARTER_FAILS_WITH_MEASURES; call after
# gpucourse_add_lessons). Sets <prefix>_FOLDER ("04-slug"), <prefix>_NN ("04") and
# <prefix>_NUMBER ("4"), all empty where no lesson is of that kind.
function(gpucourse_first_lesson prefix)
  cmake_parse_arguments(arg "" "" "HAS;WITH;WITHOUT" ${ARGN})
  set(found "")
  gpucourse_lesson_folders(lesson_dirs)
  foreach(lesson_dir IN LISTS lesson_dirs)
    get_filename_component(name ${lesson_dir} NAME)
    set(fits TRUE)
    foreach(file IN ITEMS check.cu ${arg_HAS})
      if(NOT EXISTS ${lesson_dir}/${file})
        set(fits FALSE)
      endif()
    endforeach()
    foreach(said IN LISTS arg_WITH arg_WITHOUT)
      get_property(value GLOBAL PROPERTY GPUCOURSE_${said}.lesson.${name})
      if(said IN_LIST arg_WITH AND NOT value)
        set(fits FALSE)
      elseif(said IN_LIST arg_WITHOUT AND value)
        set(fits FALSE)
      endif()
    endforeach()
    if(fits)
      set(found ${name})
      break()
    endif()
  endforeach()
  set(nn "")
  set(number "")
  if(found)
    string(SUBSTRING ${found} 0 2 nn)
    string(REGEX REPLACE "^0*([0-9]+)$" "\\1" number ${nn})
  endif()
  set(${prefix}_FOLDER "${found}" PARENT_SCOPE)
  set(${prefix}_NN "${nn}" PARENT_SCOPE)
  set(${prefix}_NUMBER "${number}" PARENT_SCOPE)
endfunction()

# The fixture lessons, which exist to test the checker: checker/tests/fixtures/lessons/MM-slug
# (checks of their own) and lessons/NN-slug/tests/fixtures/MM-slug (a lesson's own checks run
# against a cheat or a known-wrong exercise: a lesson's, so in its folder). One series of numbers;
# gpucheck --fixtures finds the same folders (cli/course_paths.cpp).
function(gpucourse_fixture_folders out_var)
  file(GLOB folders LIST_DIRECTORIES true CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/checker/tests/fixtures/lessons/[0-9][0-9]-*
       ${PROJECT_SOURCE_DIR}/lessons/[0-9][0-9]-*/tests/fixtures/[0-9][0-9]-*)
  list(SORT folders)
  set(${out_var} ${folders} PARENT_SCOPE)
endfunction()

# The starters as committed (the `starter` targets above): written at configure time, so that
# they exist when the targets are defined, and brought up to date at every build.
set(GPUCOURSE_STARTERS_DIR ${PROJECT_BINARY_DIR}/course-as-committed)
execute_process(COMMAND ${PROJECT_SOURCE_DIR}/tools/course-as-committed.sh ${PROJECT_SOURCE_DIR}
                        ${GPUCOURSE_STARTERS_DIR})
file(GLOB _committed_starters ${GPUCOURSE_STARTERS_DIR}/lessons/*/exercise.cu)
add_custom_target(course-as-committed ALL
  COMMAND ${PROJECT_SOURCE_DIR}/tools/course-as-committed.sh ${PROJECT_SOURCE_DIR}
          ${GPUCOURSE_STARTERS_DIR}
  BYPRODUCTS ${_committed_starters}
  COMMENT "The lessons' starters as committed in git (tools/course-as-committed.sh)")

# Every lesson's targets, then the fixture lessons' (called once, after the checker's targets).
function(gpucourse_add_lessons)
  gpucourse_lesson_folders(lesson_dirs)
  foreach(lesson_dir IN LISTS lesson_dirs)
    if(EXISTS ${lesson_dir}/check.cu)
      get_filename_component(name ${lesson_dir} NAME)
      gpucourse_add_lesson(lesson ${lesson_dir} ${PROJECT_SOURCE_DIR}/solutions/${name} FALSE)
    endif()
  endforeach()

  # Every lesson's side of the check program as one target (the GPU tests' setup builds a grading
  # tree's so): CMake's Makefiles build targets named together one after another (their top level
  # is .NOTPARALLEL), each on every core; one target's dependencies share the cores.
  add_custom_target(lessons.check-course-sides)
  foreach(lesson_dir IN LISTS lesson_dirs)
    if(EXISTS ${lesson_dir}/check.cu)
      get_filename_component(name ${lesson_dir} NAME)
      add_dependencies(lessons.check-course-sides lesson.${name}.check-course-side)
    endif()
  endforeach()

  # Lessons that exist only to test the checker (a compile error, a hang, a crash, a cheat).
  gpucourse_fixture_folders(fixture_dirs)
  foreach(fixture_dir IN LISTS fixture_dirs)
    if(EXISTS ${fixture_dir}/check.cu)
      get_filename_component(name ${fixture_dir} NAME)
      gpucourse_add_lesson(fixture ${fixture_dir}
                           ${PROJECT_SOURCE_DIR}/checker/tests/fixtures/solutions/${name} TRUE)
    endif()
  endforeach()
endfunction()
