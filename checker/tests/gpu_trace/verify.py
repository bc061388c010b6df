#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks traces recorded by run_all.sh against what the tracer promises (FORMAT.md) and prints
the numbers the tracer's report quotes. Usage: verify.py TRACE_DIR"""
import collections
import json
import pathlib
import sys

failures = []


def check(ok, what):
    print(("  ok   " if ok else "  FAIL ") + what)
    if not ok:
        failures.append(what)


def load(path):
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    by_type = collections.defaultdict(list)
    for r in records:
        by_type[r["type"]].append(r)
    return records, by_type


SYNC_NAMES = ("cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize")


def check_kernels_between_launch_and_sync(t):
    api = {a["correlation"]: a for a in t["api"] if a["correlation"]}
    syncs = [a for a in t["api"] if a["name"] in SYNC_NAMES and a["caller"] == "program"]
    bad, checked = 0, 0
    for k in t["kernel"]:
        launch = api.get(k["correlation"])
        if launch is None:
            continue
        after = [s for s in syncs if s["start_ns"] >= launch["end_ns"] and s["tid"] == launch["tid"]]
        if not after:
            continue
        waited = [s for s in after if s["end_ns"] >= k["end_ns"]]
        checked += 1
        if k["start_ns"] < launch["start_ns"] or not waited:
            bad += 1
    check(checked > 0 and bad == 0,
          f"{checked} kernels start after their launch and end before a later sync returns ({bad} not)")


def summary(name, records, t):
    kinds = collections.Counter(r["type"] for r in records)
    print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    callers = collections.Counter((a["domain"], a["caller"]) for a in t["api"])
    print("  api callers: " + ", ".join(f"{d}/{c} {n}" for (d, c), n in sorted(callers.items())))
    for c in t["clock"]:
        print(f"  clock {c['clock']:<13} t={c['t_ns'] - t['header'][0]['start_ns']:>12} ns site {c['site']}")


def main():
    folder = pathlib.Path(sys.argv[1])
    for path in sorted(folder.glob("*.jsonl")):
        records, t = load(path)
        name = path.stem
        summary(name, records, t)
        check(records[0]["type"] == "header", "header first")
        check(bool(t["footer"]) and records[-1]["type"] == "footer", "footer last")
        header = t["header"][0]
        print(f"  header: device {header['device']!r} driver {header['driver_version']} "
              f"cupti {header.get('cupti_version')}")
        if t["footer"]:
            print(f"  footer: {t['footer'][0]}")
        sites = [c["site"] for c in t["clock"]]
        check(all(sites), "every clock read has a site")
        if name.startswith("early_"):
            want = {"early_exit": "exit", "early_abort": "abort", "early_segv": "signal"}[name]
            check(t["footer"] and t["footer"][0]["reason"] == want, f"footer reason {want}")
            continue
        if name.startswith("chrono"):
            check(len(t["clock"]) == 4, f"4 program clock reads ({len(t['clock'])})")
            gtod = [c["site"] for c in t["clock"] if c["clock"] == "gettimeofday"]
            check(len(gtod) == 2 and gtod[0] != gtod[1], "one helper called from two places: two sites")
        if name.startswith("many"):
            check(len(t["kernel"]) >= 10001, f"10,001 kernels recorded ({len(t['kernel'])})")
            launches = [a for a in t["api"] if a["name"].startswith("cudaLaunchKernel")]
            check(len(launches) >= 10001, f"10,001 launches recorded ({len(launches)})")
        check_kernels_between_launch_and_sync(t)
        if name.startswith("events"):
            names = [a["name"] for a in t["api"] if a["caller"] == "program"]
            check("cudaEventRecordWithFlags" in names, "cudaEventRecordWithFlags recorded")
            rec = [a for a in t["api"] if a["name"].startswith("cudaEventRecord")]
            print("  event records: " + "; ".join(
                f"{a['name']} event {a.get('event')} stream {a.get('stream')} id {a.get('stream_id')}"
                for a in rec))
            for e in t["event_time"]:
                rec_call = next((a for a in rec if a["correlation"] == e["correlation"]), None)
                if rec_call:
                    print(f"  event_time {e.get('event')}: t - record.start = "
                          f"{e['t_ns'] - rec_call['start_ns']} ns")
            check(len(t["event_time"]) >= 2, f"event_time records ({len(t['event_time'])})")
            print("  syncs: " + "; ".join(f"{s['sync_kind']} event {s.get('event')} "
                                          f"{s['end_ns'] - s['start_ns']} ns" for s in t["sync"]))
        if name.startswith("cublas"):
            api = {a["correlation"]: a for a in t["api"] if a["correlation"]}
            lib_kernels = [k for k in t["kernel"]
                           if api.get(k["correlation"], {}).get("caller", "").startswith("libcublas")]
            check(len(lib_kernels) >= 2, f"cuBLAS kernels launched by libcublas* ({len(lib_kernels)})")
            for k in lib_kernels[:2]:
                a = api[k["correlation"]]
                print(f"  {a['domain']} {a['name']} by {a['caller']}: {k['name'][:70]} "
                      f"{(k['end_ns'] - k['start_ns']) / 1e6:.3f} ms")
            lib = [a for a in t["api"] if a["domain"] == "library"]
            check(any(a["name"] == "cublasCreate_v2" and a["caller"] == "program" for a in lib),
                  "cublasCreate_v2 recorded as the program's")
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
