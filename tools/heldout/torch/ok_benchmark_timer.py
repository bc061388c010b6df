# SPDX-License-Identifier: MIT
# needs: torch.utils.benchmark
# torch.utils.benchmark.Timer times a statement right: it runs it first to warm up, and its timer
# synchronizes CUDA before each clock read. Those reads are the package's, and the script times
# nothing itself: gpucheck lint must report nothing.
import torch
from torch.utils import benchmark

N = 4096
a = torch.randn(N, N, device="cuda")
b = torch.randn(N, N, device="cuda")
for dtype in (torch.float32, torch.bfloat16):
    timer = benchmark.Timer(stmt="a @ b", globals={"a": a.to(dtype), "b": b.to(dtype)},
                            label="matmul", sub_label=str(dtype))
    measurement = timer.timeit(number=20)
    print(f"{dtype}: {measurement.median * 1e3:.3f} ms per product")
