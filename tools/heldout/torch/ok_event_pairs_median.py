# SPDX-License-Identifier: MIT
# One pair of CUDA events per iteration, all on the current stream after a warm-up, one wait on
# the last stop event (every earlier event of the stream has completed by then), and the median
# of the 20 elapsed times. Correct: gpucheck lint must report nothing.
import statistics

import torch

N = 4096
ITERS = 20
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for _ in range(3):  # warm-up: cuBLAS's handle and workspace, the product's kernel, the allocator
    c = a @ b
torch.cuda.synchronize()

starts = [torch.cuda.Event(enable_timing=True) for _ in range(ITERS)]
stops = [torch.cuda.Event(enable_timing=True) for _ in range(ITERS)]
for start, stop in zip(starts, stops):
    start.record()  # expect-start: clean
    c = a @ b
    stop.record()
stops[-1].synchronize()  # the stream's last event: the pairs recorded before it are done too
samples = [start.elapsed_time(stop) for start, stop in zip(starts, stops)]
print(f"median of {ITERS} products: {statistics.median(samples):.3f} ms "
      f"(min {min(samples):.3f}, max {max(samples):.3f})")
