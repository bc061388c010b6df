# SPDX-License-Identifier: MIT
# Per-step times of an MLP's forward pass, collected in a list and summarised by their median:
# each step's clock stops as soon as its kernels are queued, never after they ran, so the list
# holds launch times. Expected: unsynced-stop at the read that ends each step's timing.
import statistics
import time

import torch

B, D = 4096, 4096
x = torch.randn(B, D, device="cuda")
w1 = torch.randn(D, D, device="cuda") / D**0.5
w2 = torch.randn(D, D, device="cuda") / D**0.5


def forward(inp):
    return torch.relu(inp @ w1) @ w2


for _ in range(3):  # warm-up: cuBLAS, the product and ReLU kernels, the allocator's blocks
    y = forward(x)
torch.cuda.synchronize()

step_ms = []
for step in range(20):
    t0 = time.perf_counter()
    y = forward(x)
    step_ms.append((time.perf_counter() - t0) * 1e3)  # expect-stop: unsynced-stop
print(f"median step: {statistics.median(step_ms):.3f} ms over {len(step_ms)} steps")
torch.cuda.synchronize()  # let the queued steps finish before the process exits
