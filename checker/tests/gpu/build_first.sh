#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The GPU tests' setup (CTest fixtures; CMakeLists.txt says what each builds and why), on every
# core, before any GPU test holds the GPU:
#   build_first.sh course BUILD_DIR
#     the course's build tree: targets all and gpu-test-programs (output in BUILD_DIR/gpu-setup.log)
#   build_first.sh classes GPUCHECK GRADE_TREE OUT CLASS_DIR...
#     the grading tree GRADE_TREE for each class (lessons/NN-slug/tests/class): configured, and the
#     course's side of the lesson's check program built (gpucheck grade --build-only; output in
#     OUT/NN-slug.log); only the lessons of GPUCHECK_SETUP_LESSONS ("NN MM": make test-gpu's
#     LESSONS) where it is set
# Skipped (77) where there is no GPU: nothing would run these programs. Each step is logged in
# GPUCHECK_TIMING_LOG (timing.sh).
set -u
here=$(dirname "$0")
source "$here/have_gpu.sh"
source "$here/timing.sh"
status=0
case ${1:-} in
course)
  build=$2
  if ! timed build "course tree: all, gpu-test-programs" cmake --build "$build" \
    --target all gpu-test-programs -j "$(nproc)" >"$build/gpu-setup.log" 2>&1; then
    cat "$build/gpu-setup.log"
    echo "build_first.sh: the course's tree did not build (above)"
    status=1
  fi
  ;;
classes)
  gpucheck=$2
  tree=$3
  out=$4
  shift 4
  mkdir -p "$out"
  classes=()
  for class in "$@"; do
    folder=$(basename "$(dirname "$(dirname "$class")")") # lessons/NN-slug/tests/class
    if [ -n "${GPUCHECK_SETUP_LESSONS:-}" ]; then
      wanted=no
      for lesson in $GPUCHECK_SETUP_LESSONS; do
        [[ "$lesson" =~ ^[0-9]+$ ]] && ((10#$lesson == 10#${folder%%-*})) && wanted=yes
      done
      [ "$wanted" = yes ] || continue
    fi
    classes+=("$class")
  done
  # Once the first class has configured the tree, the course's sides of every lesson are built
  # as one target on every core (lessons.check-course-sides: one lesson's side is a few files, and
  # built one lesson after another most cores stood idle); each class's own --build-only then
  # finds its side built. With GPUCHECK_SETUP_LESSONS, each class builds its own.
  others=no
  [ -z "${GPUCHECK_SETUP_LESSONS:-}" ] && [ ${#classes[@]} -gt 1 ] && others=yes
  first=yes
  for class in "${classes[@]}"; do
    folder=$(basename "$(dirname "$(dirname "$class")")")
    if [ "$first" = no ] && [ "$others" = yes ]; then
      timed build "grading tree: every lesson's side at once" cmake --build "$tree" \
        --target lessons.check-course-sides -j "$(nproc)" >"$out/course-sides.log" 2>&1 ||
        echo "build_first.sh: the course's sides did not build at once; each lesson builds its own"
      others=no
    fi
    first=no
    if timed build "grading tree: $folder" "$gpucheck" grade "$class" --lesson "${folder%%-*}" \
      --out "$out/$folder" --tree "$tree" --build-only >"$out/$folder.log" 2>&1; then
      echo "ok    $folder: its grading tree and the course's side of its check built"
    else
      cat "$out/$folder.log"
      echo "build_first.sh: the grading tree of $folder did not build (above)"
      status=1
    fi
  done
  ;;
*)
  echo "build_first.sh: course BUILD_DIR, or classes GPUCHECK GRADE_TREE OUT CLASS_DIR..." >&2
  exit 2
  ;;
esac
exit $status
