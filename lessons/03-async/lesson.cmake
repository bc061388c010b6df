# SPDX-License-Identifier: MIT
# Lesson 03 multiplies matrices on the CPU too, through CBLAS's cblas_sgemm: OpenBLAS where it is
# installed (Debian: libopenblas-dev), else whatever BLAS provides CBLAS (the reference BLAS is
# about a hundred times slower; main.cu then skips the sizes that would take too long), else a
# plain loop (cpu_gemm.h).
find_library(GPUCOURSE_OPENBLAS_LIBRARY NAMES openblas)
find_library(GPUCOURSE_BLAS_LIBRARY NAMES blas)
find_path(GPUCOURSE_CBLAS_INCLUDE_DIR cblas.h PATH_SUFFIXES x86_64-linux-gnu aarch64-linux-gnu)
if(GPUCOURSE_CBLAS_INCLUDE_DIR AND GPUCOURSE_OPENBLAS_LIBRARY)
  set(LESSON_LIBRARIES ${GPUCOURSE_OPENBLAS_LIBRARY})
elseif(GPUCOURSE_CBLAS_INCLUDE_DIR AND GPUCOURSE_BLAS_LIBRARY)
  set(LESSON_LIBRARIES ${GPUCOURSE_BLAS_LIBRARY})
else()
  if(NOT GPUCOURSE_CBLAS_WARNED)
    message(WARNING "Lesson 03: no CBLAS library found; the CPU GEMM will be a plain loop. "
                    "For OpenBLAS: sudo apt-get install libopenblas-dev")
    set(GPUCOURSE_CBLAS_WARNED TRUE CACHE INTERNAL "")
  endif()
  add_compile_definitions(GPUCOURSE_NO_CBLAS)
endif()

# Its starter fails the crossover check, which needs no GPU, also where there is none.
set(LESSON_STARTER_FAILS_WITHOUT_GPU TRUE)
