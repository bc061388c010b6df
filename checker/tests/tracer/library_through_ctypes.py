# SPDX-License-Identifier: MIT
# A script that calls a library the way PyTorch does, with the GIL released (ctypes.CDLL releases
# it around every foreign call) and, once, held (ctypes.PyDLL): the library is the plugin that
# brings the stand-in cuBLAS, whose handle functions the tracer interposes. Each call must carry
# the script's Python frames at the lines test_python_released_gil.py names (LINES below).
import ctypes
import sys
import time

released = ctypes.CDLL(sys.argv[1])  # loaded privately (RTLD_LOCAL), as PyTorch's extension
held = ctypes.PyDLL(sys.argv[1])


def create_and_destroy(handle):
    return released.create_and_destroy_handle(ctypes.byref(handle))  # line 15: released


handle = ctypes.c_void_p()
start = time.perf_counter()
first = create_and_destroy(handle)  # line 20: in a function
second = create_and_destroy(handle)  # line 21: the same function, from another line
third = released.create_and_destroy_handle(ctypes.byref(handle))  # line 22: at the top level
fourth = held.create_and_destroy_handle(ctypes.byref(handle))  # line 23: with the GIL held
stop = time.perf_counter()
sys.exit(0 if (first, second, third, fourth) == (0, 0, 0, 0) else 1)
