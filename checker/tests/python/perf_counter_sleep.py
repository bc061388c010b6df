# SPDX-License-Identifier: MIT
# A script that times with the time module's clocks, no GPU: the tracer must write exactly the
# reads of lines 13, 15, 16, 18 and the two timeit makes for line 20 (test_python_frames.py
# knows these lines), and none of time.sleep's own deadline reads.
import time
import timeit


def work():
    time.sleep(0.02)


start = time.perf_counter()
work()
stop = time.perf_counter()
cpu_start = time.process_time()
work()
cpu_stop = time.process_time()
# timeit's own reads are the script's, named at this line
timeit.timeit(work, number=1)
print(f"{(stop - start) * 1e3:.1f} ms, {(cpu_stop - cpu_start) * 1e3:.1f} ms of CPU")
