// SPDX-License-Identifier: MIT
// Which default stream does this file use? Compile it two ways and read the CUDA calls it makes:
//   nvcc -c per_thread_define.cu -o plain.o && nm plain.o | grep StreamSynchronize
//   nvcc -c --default-stream per-thread per_thread_define.cu -o option.o &&
//     nm option.o | grep StreamSynchronize
// Compiled with --default-stream per-thread, a call that takes a stream links to its _ptsz
// variant.
// ANCHOR: define
#define CUDA_API_PER_THREAD_DEFAULT_STREAM 1 // too late: nvcc included cuda_runtime.h already
#include <cuda_runtime.h>

int main() {
  cudaStreamSynchronize(0); // stream 0: the legacy or the per-thread default stream?
}
// ANCHOR_END: define
