# SPDX-License-Identifier: MIT
# needs: triton
# triton.testing.do_bench times a callable right: it warms it up, clears the L2 cache between
# runs, records CUDA events around each run and reads them after a synchronize. Its own events
# are triton's timing, not the script's, and nothing the script timed itself is wrong: gpucheck
# lint must report nothing.
import torch
from triton.testing import do_bench

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
ms = do_bench(lambda: a @ b)
print(f"do_bench: {ms:.3f} ms per product")

