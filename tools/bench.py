#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench: how fast the course answers, and how true its numbers are.

Prints a table and writes bench/results/<date>-<gpu>.json. Every figure is the median of its runs,
with the wall time and the CPU time (user + system of the processes waited for) and the machine's
load average beside it. The parts that need a GPU say "needs a GPU" where there is none, and are
recorded so; the suites' wall times (make test, make test-gpu, make book) are measured only when
asked for (--make-test, --make-test-gpu, --make-book; make bench ALL=1 asks for all three).

  edit to verdict     touch the exercise, make check (the student's loop): the solution, which
                      passes, and the starter, which fails (the student's usual case: its traced
                      replay runs too; GPU only), their ratio (issue 44: at most 1.3), and the
                      steps: make's front door, CMake's no-op, nvcc's phases, the link, the check
                      program, the starter's check without its replay, and in its parts (the
                      checks' run, the replay's run, the trace read with its rules: the timing
                      log)
  checker overhead    gpucheck check against the same check program run directly
  tracer overhead     tools/bench-tracer-overhead.sh (10,000 tiny launches; lesson 04's check)
  fidelity            each solution's reported numbers against the truth the check recorded and
                      against CUPTI's GPU activity in the same call (kept trace), median and worst

Measuring nothing: --table RESULT.json prints a committed result as a Markdown table, and
--page docs/performance.md fills that page's tables from the results it names (--check: only say
whether they are current; the test docs.pages does).
"""
import argparse
import datetime
import json
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

import suite_times  # beside this file: the timing log's reader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LESSON = "04-two-sync-methods"


def run_timed(command, cwd=ROOT, env=None, timeout=900):
    """One run: (wall s, cpu s, exit status, output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=timeout, check=False,
                          shell=isinstance(command, str))
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stdout.decode(errors="replace")


def command_status(code, output):
    """The status of the command make ran. The Makefile exits with it by itself (its exit plugin);
    where that plugin could not be built, make says it instead: "make: *** [Makefile:NN: check]
    Error 77", or "make[1]: ..." when make bench runs the bench, whose make then ends with its own
    status (2). The first such line is the innermost make's."""
    said = re.search(r"make(?:\[\d+\])?: \*\*\* \[[^]]*\] Error (\d+)", output)
    return int(said.group(1)) if said else code


def measure(name, command, runs=5, before=None, **kwargs):
    """Median of `runs` runs (each after `before`, untimed), with the load at the start."""
    load = os.getloadavg()[0]
    walls, cpus, codes = [], [], []
    for _ in range(runs):
        if before:
            before()
        wall, cpu, code, output = run_timed(command, **kwargs)
        code = command_status(code, output)
        walls.append(wall)
        cpus.append(cpu)
        codes.append(code)
    return {"name": name, "runs": runs, "wall_s": round(statistics.median(walls), 3),
            "wall_min_s": round(min(walls), 3), "wall_max_s": round(max(walls), 3),
            "cpu_s": round(statistics.median(cpus), 3), "exit_codes": sorted(set(codes)),
            "load_1min": round(load, 2), "last_output_tail": output[-400:]}


def gpu_name():
    if not shutil.which("nvidia-smi"):
        return None
    done = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    names = done.stdout.decode().strip().splitlines()
    return names[0].strip() if done.returncode == 0 and names else None


def touch(path):
    return lambda: os.utime(path, None)


def link_objects(build, response_file):
    """The objects a link reads from its response file. The Makefile generator writes that file
    only when the link runs, and it may be gone after (not found on the H200 after a full build):
    then they come from the same list in the target's build.make."""
    path = os.path.join(build, response_file)
    if os.path.exists(path):
        with open(path) as file:
            return file.read()
    with open(os.path.join(os.path.dirname(path), "build.make")) as file:
        make = file.read().replace("\\\n", " ")
    objects = []
    for list_name in ("_OBJECTS", "_EXTERNAL_OBJECTS"):
        listed = re.search(r"^\S+" + list_name + r" =(.*)$", make, re.MULTILINE)
        if listed:
            objects += [word.strip('"') for word in listed.group(1).split()]
    return " ".join(shlex.quote(o) for o in objects) + "\n"


def compile_and_link_steps(build, env):
    """The steps of one check build, each alone: nvcc (and its phases), the link."""
    steps = []
    target = f"lesson.{LESSON}.exercise-solution"
    source = os.path.join(ROOT, "solutions", LESSON, "exercise.cu")
    with open(os.path.join(build, "compile_commands.json")) as file:
        entries = json.load(file)
    entry = next((e for e in entries if e["file"] == source and
                  f"CMakeFiles/{target}.dir/" in e["command"]), None)
    link_file = os.path.join(build, "CMakeFiles", f"lesson.{LESSON}.check-solution.dir", "link.txt")
    if entry is None or not os.path.exists(link_file):
        return [{"name": "nvcc / link steps", "skipped": "no compile command or link.txt"}]
    scratch = tempfile.mkdtemp(prefix="gpucheck-bench-")
    words = shlex.split(entry["command"])
    out_at = words.index("-o") + 1
    original_object = words[out_at]
    words[out_at] = os.path.join(scratch, "exercise.o")
    steps.append(measure("nvcc: compile the exercise (all its architectures)", words,
                         cwd=entry["directory"], env=env))
    phases_file = os.path.join(scratch, "phases.csv")
    run_timed(words + ["--time", phases_file], cwd=entry["directory"], env=env)
    phases = {}
    if os.path.exists(phases_file):
        with open(phases_file) as file:
            for line in file.readlines()[1:]:
                cells = [c.strip() for c in line.split(",")]
                if len(cells) >= 7:
                    phase = re.sub(r"\s*\(.*\)", "", cells[1])
                    phases[phase] = phases.get(phase, 0.0) + float(cells[6]) / 1000.0
    for phase, seconds in sorted(phases.items(), key=lambda item: -item[1]):
        steps.append({"name": f"  nvcc phase: {phase}", "runs": 1, "wall_s": round(seconds, 3)})
    # The floor: the same command on an empty file (nvcc's fixed cost: its phases, the CUDA
    # runtime's headers that it includes itself).
    empty = os.path.join(scratch, "empty.cu")
    open(empty, "w").close()
    empty_words = [empty if word == source else word for word in words]
    empty_words[out_at] = os.path.join(scratch, "empty.o")
    steps.append(measure("  floor: the same nvcc command on an empty file", empty_words,
                         cwd=entry["directory"], env=env))
    with open(link_file) as file:
        link = file.read().strip()
    # CMake names the objects' response file objects1 or objects1.rsp, by version.
    objects_file = re.search(r"@(\S*objects\d*(?:\.rsp)?)", link)
    if objects_file:
        objects = link_objects(build, objects_file.group(1))
        absolute_object = os.path.join(entry["directory"], original_object)
        objects = objects.replace(absolute_object, words[out_at]).replace(original_object,
                                                                          words[out_at])
        with open(os.path.join(scratch, "objects.rsp"), "w") as file:
            file.write(objects)
        link = link.replace("@" + objects_file.group(1), "@" + os.path.join(scratch, "objects.rsp"))
    link = re.sub(r" -o \S+", " -o " + os.path.join(scratch, "check"), link, count=1)
    steps.append(measure("link the check program", link, cwd=build, env=env))
    shutil.rmtree(scratch, ignore_errors=True)
    return steps


PASSING = "edit to verdict: touch the solution, make check LESSON=4 SOLUTION=1"
FAILING = "edit to verdict: touch the starter, make check LESSON=4 (fails: traced replay)"
FAILING_UNTRACED = "  step: the starter's check without its replay (GPUCHECK_TRACE=0)"
RATIO = "failing edit to verdict against passing (issue 44: at most 1.3)"


def failing_rows(make, env, has_gpu, measure=measure):
    """The student's usual case: the starter fails, and its traced replay runs. Without a GPU the
    starter's check exits 77 before any check runs, so nothing is measured."""
    if not has_gpu:
        why = "needs a GPU (without one the starter's check exits 77: nothing fails, no replay)"
        return [{"name": name, "not_measured": why} for name in (FAILING, FAILING_UNTRACED)]
    starter = os.path.join(ROOT, "lessons", LESSON, "exercise.cu")
    return [measure(FAILING, make + ["check", "LESSON=4"], before=touch(starter), env=env),
            measure(FAILING_UNTRACED, make + ["check", "LESSON=4"], before=touch(starter),
                    env=dict(env, GPUCHECK_TRACE="0"))]


FAILING_PARTS = "  step: the starter's failing check in parts (GPUCHECK_TIMING_LOG)"
PARTS = (("build", "build"), ("checks run", "run"), ("traced replay run", "replay"),
         ("trace read and rules", "diagnosis"))


def timing_log_parts(path):
    """One gpucheck check's timing log (core/timing_log.hpp, read by suite_times.py) in its parts
    [s]: the build, the checks' run (the first gpu step), the traced replay's run (the second) and
    the trace read with its rules (diagnosis); a part the log does not hold is left out."""
    log = suite_times.read_timing_log(path)
    parts = {kind: log["steps"][kind] for kind in ("build", "diagnosis") if kind in log["steps"]}
    gpu = [seconds for seconds, kind, _ in log["parts"] if kind == "gpu"]
    if gpu:
        parts["run"] = gpu[0]
    if len(gpu) > 1:
        parts["replay"] = gpu[1]
    return parts


def failing_parts(make, env, has_gpu, run=run_timed, runs=5, before=None):
    """Where the failing edit to verdict's time goes: the starter checked `runs` times (each after
    `before`, by default a touch of the starter) with GPUCHECK_TIMING_LOG, each part's median."""
    if not has_gpu:
        return {"name": FAILING_PARTS, "not_measured": "needs a GPU (no failing check without one)"}
    before = before or touch(os.path.join(ROOT, "lessons", LESSON, "exercise.cu"))
    logs = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(runs):
            before()
            log = os.path.join(folder, f"run-{i}.tsv")
            run(make + ["check", "LESSON=4"], env=dict(env, GPUCHECK_TIMING_LOG=log))
            # none where the check stopped before its first step
            logs.append(timing_log_parts(log) if os.path.exists(log) else {})
    parts = {}
    for label, key in PARTS:
        values = [log[key] for log in logs if key in log]
        if values:
            parts[label] = round(statistics.median(values), 3)
    return {"name": FAILING_PARTS, "runs": runs, "parts_s": parts}


def parts_text(row):
    return "; ".join(f"{label} {seconds:.3f} s" for label, seconds in row["parts_s"].items()) + \
        f" (medians of {row['runs']} runs)"


def verdict_ratio(passing, failing):
    """The failing edit to verdict over the passing one, when each ended as it should (the
    solution passed, the starter failed: exit 1)."""
    if "not_measured" in failing:
        return {"name": RATIO, "not_measured": failing["not_measured"]}
    if passing.get("exit_codes") != [0] or failing.get("exit_codes") != [1]:
        return {"name": RATIO, "error": f"the solution gave exit {passing.get('exit_codes')} and "
                                        f"the starter exit {failing.get('exit_codes')}, not 0 and 1"}
    ratio = failing["wall_s"] / passing["wall_s"]
    return {"name": RATIO, "ratio_of_walls": round(ratio, 2), "within_goal": ratio <= 1.3}


def edit_to_verdict(build, has_gpu):
    env = dict(os.environ, GPUCHECK_STATE_FILE=os.path.join(build, "bench-state.json"), NO_COLOR="1")
    # make waits for gpucheck (its CPU time is counted) and exits with its status (Makefile).
    make = ["make", "--no-print-directory", "-s", f"BUILD={build}"]
    solution = os.path.join(ROOT, "solutions", LESSON, "exercise.cu")
    passing = measure(PASSING, make + ["check", "LESSON=4", "SOLUTION=1"], before=touch(solution),
                      env=env)
    failing = failing_rows(make, env, has_gpu)
    rows = [
        passing,
        measure("re-check without an edit (SOLUTION=1)", make + ["check", "LESSON=4", "SOLUTION=1"],
                env=env),
        failing[0],
        verdict_ratio(passing, failing[0]),
        failing[1],
        failing_parts(make, env, has_gpu),
        measure("  step: make's front door (gpucheck up to date)", make + ["gpucheck"], env=env),
        measure("  step: cmake --build of the check target, nothing to do",
                ["cmake", "--build", build, "--target", f"lesson.{LESSON}.check-solution"], env=env),
        measure("  step: gpucheck starts (gpucheck list)", [os.path.join(build, "bin", "gpucheck"),
                                                            "list"], env=env),
    ]
    rows += compile_and_link_steps(build, env)
    program = os.path.join(build, "bin", "lesson", LESSON, "check-solution")
    rows.append(measure("  step: the check program alone" + ("" if has_gpu else " (exits 77: no GPU)"),
                        [program], env=env))
    if not has_gpu:
        for row in rows:
            if "not_measured" not in row:
                row["note"] = "no GPU: the build, then exit 77 (the checks did not run)"
    return rows


def checker_overhead(build):
    env = dict(os.environ, GPUCHECK_STATE_FILE=os.path.join(build, "bench-state.json"), NO_COLOR="1")
    direct = measure("check program run directly", [os.path.join(build, "bin", "lesson", LESSON,
                                                                 "check-solution")], env=env)
    through = measure("gpucheck check 4 --solution (nothing to build)",
                      [os.path.join(build, "bin", "gpucheck"), "check", "4", "--solution"], env=env)
    return [direct, through, {"name": "checker overhead (gpucheck minus direct)",
                              "wall_s": round(through["wall_s"] - direct["wall_s"], 3)}]


def tracer_overhead(build):
    _, _, code, output = run_timed(["tools/bench-tracer-overhead.sh"],
                                   env=dict(os.environ, BUILD=build))
    rows = []
    for line in output.splitlines():
        cells = line.split()
        if len(cells) == 4 and re.match(r"^[0-9]+$", cells[1]):
            rows.append({"name": f"tracer: {cells[0]}", "untraced_ms": int(cells[1]),
                         "traced_ms": int(cells[2]), "ratio": float(cells[3])})
    return rows or [{"name": "tracer overhead", "error": f"exit {code}: {output[-300:]}"}]


def read_records(path):
    with open(path) as file:
        for line in file:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                yield record


def record_type(record):
    return record.get("type") or record.get("kind") or record.get("record")


def fidelity(build):
    gpucheck = os.path.join(build, "bin", "gpucheck")
    lessons = subprocess.run([gpucheck, "list"], stdout=subprocess.PIPE, check=False).stdout
    rows = []
    scratch = tempfile.mkdtemp(prefix="gpucheck-fidelity-")
    for line in lessons.decode().splitlines():
        folder = line.split("\t")[0].strip()
        if not re.match(r"^\d\d-", folder):
            continue
        trace = os.path.join(scratch, folder + ".jsonl")
        run_timed([gpucheck, "check", folder, "--solution", "--keep-trace", trace],
                  env=dict(os.environ, GPUCHECK_STATE_FILE=os.path.join(scratch, "state.json")))
        if not os.path.exists(trace):
            rows.append({"name": f"fidelity {folder}", "error": "no trace kept"})
            continue
        rows.append(fidelity_of_trace(f"fidelity {folder}", trace))
    shutil.rmtree(scratch, ignore_errors=True)
    return rows


def fidelity_of_trace(name, trace):
    """The relative errors of the shown calls' numbers in a kept trace: against the truth the
    check recorded (truth_ms), and against CUPTI's span of the GPU work inside the call. A call
    that returned no single time (several numbers, or a bandwidth: no reported_ms) is counted
    apart, not scored as a 100% error."""
    records = list(read_records(trace))
    work = [r for r in records if record_type(r) in ("kernel", "memcpy", "memset")]
    against_truth, against_cupti, without_time = [], [], 0
    for call in (r for r in records if record_type(r) == "checked_call"):
        if "reported_ms" not in call:
            without_time += 1
            continue
        reported, truth, check = call["reported_ms"], call.get("truth_ms", 0), call.get("check", "?")
        if truth > 0:
            against_truth.append((abs(reported - truth) / truth, check))
        inside = [w for w in work if w.get("start_ns", 0) >= call.get("begin_ns", 0) and
                  w.get("end_ns", 0) <= call.get("end_ns", 0)]
        if inside:
            span_ms = (max(w["end_ns"] for w in inside) - min(w["start_ns"] for w in inside)) / 1e6
            if span_ms > 0:
                against_cupti.append((abs(reported - span_ms) / span_ms, check))
    row = {"name": name, "calls": len(against_truth)}
    if without_time:
        row["calls_without_one_time"] = without_time
    for label, errors in (("vs_check_truth", against_truth), ("vs_cupti_span", against_cupti)):
        if errors:
            row[label + "_median_pct"] = round(100 * statistics.median(e for e, _ in errors), 2)
            worst = max(errors)
            row[label + "_worst_pct"] = round(100 * worst[0], 2)
            row[label + "_worst_check"] = worst[1]
    return row


def suite(name, flag, target, build, wanted, needs_gpu, has_gpu):
    """The wall time of `make TARGET` in this build tree, when --FLAG asked for it."""
    if not wanted:
        return {"name": name, "not_measured": f"not asked for (make bench ALL=1, or --{flag})"}
    if needs_gpu and not has_gpu:
        return {"name": name, "not_measured": "needs a GPU"}
    row = measure(name, ["make", "--no-print-directory", f"BUILD={build}", target], runs=1,
                  timeout=7200)
    row["note"] = "in this build tree (already built), not a fresh clone"
    return row


def suite_from_junit(name, paths):
    """A suite's wall time from the JUnit files ctest wrote for it, a run made in parts (a GPU
    machine lent 10 minutes a command: tools/gpu-verify.sh resume writes one a test) added up;
    its tests' count and failures beside it."""
    walls, tests, failures = [], 0, 0
    for path in paths:
        root = ElementTree.parse(path).getroot()
        walls.append(float(root.get("time", 0)))
        tests += int(root.get("tests", 0))
        failures += int(root.get("failures", 0))
    return {"name": name, "runs": 1, "wall_s": round(sum(walls), 3),
            "note": f"ctest's wall time over {len(paths)} part(s) of one run "
                    f"({' + '.join(f'{wall:.0f}' for wall in walls)} s), {tests} tests, "
                    f"{failures} failed"}


def fidelity_summary(row):
    """A fidelity row in words: the calls timed, each comparison's median and worst (and its
    check), and the calls that returned no single time."""
    parts = [f"{row['calls']} calls timed"]
    for label, against in (("vs_check_truth", "truth"), ("vs_cupti_span", "CUPTI")):
        if label + "_median_pct" in row:
            check = row.get(label + "_worst_check")  # absent in results before 2026-12-05
            parts.append(f"vs {against}: median {row[label + '_median_pct']}%, worst "
                         f"{row[label + '_worst_pct']}%" + (f" ({check})" if check else ""))
    if "calls_without_one_time" in row:
        parts.append(f"{row['calls_without_one_time']} returned no single time")
    return "; ".join(parts)


def describe(row):
    if "not_measured" in row:
        return f"{row['name']:<72} {'-':>9} {'-':>9}  {row['not_measured']}"
    if "error" in row or "skipped" in row:
        return f"{row['name']:<72} {'-':>9} {'-':>9}  {row.get('error', row.get('skipped'))}"
    if "ratio" in row:
        return (f"{row['name']:<72} {row['untraced_ms'] / 1000:>9.3f} {row['traced_ms'] / 1000:>9.3f}"
                f"  traced/untraced {row['ratio']:.2f}")
    if "parts_s" in row:
        return f"{row['name']:<72} {'':>9} {'':>9}  " + parts_text(row)
    if "ratio_of_walls" in row:
        return (f"{row['name']:<72} {'':>9} {'':>9}  {row['ratio_of_walls']:.2f}"
                f"{'' if row['within_goal'] else ' (over the goal)'}")
    if "calls" in row:
        return f"{row['name']:<72} {'':>9} {'':>9}  " + fidelity_summary(row)
    cpu = f"{row['cpu_s']:>9.3f}" if "cpu_s" in row else f"{'':>9}"
    extra = f"  load {row['load_1min']}, exit {row['exit_codes']}" if "load_1min" in row else ""
    return f"{row['name']:<72} {row['wall_s']:>9.3f} {cpu}{extra}"


def markdown_table(result):
    """A committed result as docs/performance.md's table: one row a figure, in the order it was
    measured."""
    lines = [f"`make bench` on {result['gpu']}, {result['date'][:10]}, "
             f"{result['host']['cores']} cores:", "",
             "| part | what | wall s | CPU s | notes |", "|---|---|--:|--:|---|"]
    for title, rows in result["sections"].items():
        part = title.replace("_", " ")
        for row in rows:
            name = row["name"].strip()
            wall, cpu, notes = "", "", ""
            if "not_measured" in row or "error" in row or "skipped" in row:
                notes = row.get("not_measured") or row.get("error") or row.get("skipped")
            elif "ratio" in row:
                wall = f"{row['traced_ms'] / 1000:.3f}"
                notes = (f"untraced {row['untraced_ms'] / 1000:.3f} s; "
                         f"traced/untraced {row['ratio']:.2f}")
            elif "calls" in row:
                notes = fidelity_summary(row)
            elif "parts_s" in row:
                notes = parts_text(row)
            elif "ratio_of_walls" in row:
                notes = (f"{row['ratio_of_walls']:.2f} times"
                         f"{'' if row['within_goal'] else ', over the goal'}")
            else:
                wall = f"{row['wall_s']:.3f}"
                cpu = f"{row['cpu_s']:.3f}" if "cpu_s" in row else ""
                if row.get("runs", 1) > 1:
                    notes = f"{row['wall_min_s']:.3f}-{row['wall_max_s']:.3f} over {row['runs']} runs"
                if row.get("exit_codes") not in (None, [0]):
                    notes += f"{'; ' if notes else ''}exit {row['exit_codes']}"
                if row.get("note"):
                    notes += f"{'; ' if notes else ''}{row['note']}"
            lines.append(f"| {part} | {name} | {wall} | {cpu} | {notes} |")
            part = ""
    return "\n".join(lines)


# A page shows a committed result between these two lines; the first names the result's file,
# relative to the repository: <!-- bench-table bench/results/2026-12-05-nvidia-h200.json -->.
TABLE_BLOCK = re.compile(r"(<!-- bench-table (\S+) -->\n)(.*?)(<!-- end bench-table -->)", re.S)


def render_page(text, root=ROOT):
    """The page with every bench-table block filled with its result's table (--table's output),
    so that a page never shows a table typed or pasted by hand."""
    def fill(match):
        with open(os.path.join(root, match.group(2))) as file:
            table = markdown_table(json.load(file))
        return f"{match.group(1)}\n{table}\n\n{match.group(4)}"
    return TABLE_BLOCK.sub(fill, text)


def update_page(path, check_only):
    """Fills a page's bench-table blocks; with check_only, says whether they are current (exit 1
    when not) and writes nothing."""
    with open(path) as file:
        text = file.read()
    rendered = render_page(text)
    if rendered == text:
        return 0
    if check_only:
        print(f"{path}: a bench-table block differs from what tools/bench.py --table renders; "
              f"run: python3 tools/bench.py --page {os.path.relpath(path, ROOT)}", file=sys.stderr)
        return 1
    with open(path, "w") as file:
        file.write(rendered)
    print(f"Written: {os.path.relpath(path, ROOT)}")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--table", metavar="RESULT.json",
                        help="print a committed result as a Markdown table, and measure nothing")
    parser.add_argument("--page", metavar="PAGE.md",
                        help="fill the page's bench-table blocks with --table's output (the "
                             "results they name), and measure nothing")
    parser.add_argument("--check", action="store_true",
                        help="with --page: exit 1 if a block is not what --table renders")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--make-test", action="store_true")
    parser.add_argument("--make-test-gpu", action="store_true")
    parser.add_argument("--make-book", action="store_true")
    parser.add_argument("--test-gpu-junit", action="append", metavar="JUNIT.xml",
                        help="make test-gpu's row from the JUnit files of a run already made, "
                             "in parts (tools/gpu-verify.sh resume writes one a test), "
                             "instead of running it")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    args = parser.parse_args()
    if args.table:
        with open(args.table) as file:
            print(markdown_table(json.load(file)))
        return 0
    if args.page:
        return update_page(args.page, args.check)
    build = os.path.abspath(args.build)
    gpu = gpu_name()
    has_gpu = gpu is not None and os.environ.get("CUDA_VISIBLE_DEVICES", "x") != ""
    needs = [{"name": n, "not_measured": "needs a GPU"} for n in
             ("checker overhead", "tracer overhead", "fidelity")]
    sections = {
        "edit_to_verdict": edit_to_verdict(build, has_gpu),
        "checker_overhead": checker_overhead(build) if has_gpu else [needs[0]],
        "tracer_overhead": tracer_overhead(build) if has_gpu else [needs[1]],
        "fidelity": fidelity(build) if has_gpu else [needs[2]],
        "suites": [suite("make test", "make-test", "test", build, args.make_test, False, has_gpu),
                   suite_from_junit("make test-gpu", args.test_gpu_junit) if args.test_gpu_junit
                   else suite("make test-gpu", "make-test-gpu", "test-gpu", build,
                              args.make_test_gpu, True, has_gpu),
                   suite("make book", "make-book", "book", build, args.make_book, False, has_gpu)],
    }
    sections["suites"][0]["target"] = "test"
    now = datetime.datetime.now(datetime.timezone.utc)
    result = {"date": now.isoformat(timespec="seconds"), "gpu": gpu or "none",
              "host": {"cores": os.cpu_count(), "load_1min_at_start": round(os.getloadavg()[0], 2)},
              "sections": sections}
    print(f"gpucheck bench, {result['date']}, GPU: {result['gpu']}, {os.cpu_count()} cores")
    print(f"{'what (median of 5 unless said)':<72} {'wall s':>9} {'cpu s':>9}")
    for title, rows in sections.items():
        print(f"-- {title.replace('_', ' ')}")
        for row in rows:
            print(describe(row))
    os.makedirs(args.out, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", (gpu or "no-gpu").lower()).strip("-")
    path = os.path.join(args.out, f"{now.strftime('%Y-%m-%d')}-{slug}.json")
    with open(path, "w") as file:
        json.dump(result, file, indent=2)
        file.write("\n")
    print(f"Written: {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
