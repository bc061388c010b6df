# SPDX-License-Identifier: MIT
# Which GPUs to compile for. Included before project(), so a user's -DCMAKE_CUDA_ARCHITECTURES=...
# always wins. With a GPU present we build for that GPU alone (fastest compile, which matters in the
# student's edit-and-check loop); without one, for every architecture CUDA 13 supports that a
# course student is likely to have, with PTX for the newest so that future GPUs still run it.
# A cubin for sm_XY runs on every GPU of compute capability X.Z with Z >= Y (CUDA's binary
# compatibility within a major version), so sm_80's code serves sm_86 and sm_89 (RTX 30xx and
# 40xx) too: two passes of cicc and ptxas per CUDA file fewer than naming them, the same GPUs.
if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
  return()
endif()

find_program(GPUCOURSE_NVIDIA_SMI nvidia-smi)
set(_gpucourse_native "")
if(GPUCOURSE_NVIDIA_SMI)
  execute_process(
    COMMAND ${GPUCOURSE_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
    OUTPUT_VARIABLE _gpucourse_caps RESULT_VARIABLE _gpucourse_rc ERROR_QUIET
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_gpucourse_rc EQUAL 0 AND _gpucourse_caps MATCHES "^[0-9]+\\.[0-9]+")
    string(REPLACE "\n" ";" _gpucourse_caps "${_gpucourse_caps}")
    foreach(_cap IN LISTS _gpucourse_caps)
      string(REPLACE "." "" _cap "${_cap}")
      string(STRIP "${_cap}" _cap)
      list(APPEND _gpucourse_native ${_cap})
    endforeach()
    list(REMOVE_DUPLICATES _gpucourse_native)
  endif()
endif()

if(_gpucourse_native)
  set(CMAKE_CUDA_ARCHITECTURES "${_gpucourse_native}" CACHE STRING "GPU architectures (found: this machine's GPU)")
else()
  set(CMAKE_CUDA_ARCHITECTURES "75-real;80-real;90" CACHE STRING
      "GPU architectures (no GPU found: sm_75, sm_80 (which runs on 8.x) and sm_90 with PTX)")
  # The checker's test programs never run here: one architecture (CMakeLists.txt).
  set(GPUCOURSE_TEST_CUDA_ARCHITECTURES "90-real" CACHE STRING
      "GPU architectures of the checker's test programs (no GPU found: they never run here)")
endif()
message(STATUS "CUDA architectures: ${CMAKE_CUDA_ARCHITECTURES}")
