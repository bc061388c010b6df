#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare `gpucheck lint --json` results of the public corpus with the hand verdicts.

Reads checker/tests/public_corpus/PROGRAMS.tsv and VERDICTS.tsv, and RAW/ID.json (one lint run
per program) with RAW/runs.tsv (exit codes). Writes OUT/results.md, OUT/results.tsv (one row per
program and a total) and OUT/findings.tsv (one row per finding, with its judgement).

How a finding is judged (checker/tests/public_corpus/README.md, "How results are judged"):
- it is placed on the verdict interval whose start and stop lines it names (same file name, each
  line within LINE_SLACK lines); a finding whose lines match no interval (a clock read inside a
  helper header, no line information) is placed by its rule alone, on the program's first interval
  that expects (then accepts) that rule, and marked "by rule"; when the lint counted it more than
  once (`occurrences`: one helper's lines shared by several intervals), it also stands for as many
  further intervals that expect the rule;
- agreed: its rule is in the interval's `expected` or `acceptable` column; wrong otherwise;
- false error: a wrong finding of severity error on an interval whose expected column is `-`
  (or, placed by rule, in a program none of whose intervals expects or accepts it);
- a hand-judged mistake is one (interval, expected rule) pair; it is found when an agreed finding
  with that rule was placed on that interval.
"""
import argparse
import csv
import json
import os
import sys

LINE_SLACK = 3


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def split_rules(text):
    return [] if text.strip() in ("", "-") else [r.strip() for r in text.split(",") if r.strip()]


def parse_location(text):
    path, _, line = text.rpartition(":")
    return os.path.basename(path), int(line)


def finding_location(line_info):
    if not line_info or not line_info.get("line"):
        return None
    return os.path.basename(line_info.get("file", "")), int(line_info["line"])


def near(a, b):
    return a is not None and a[0] == b[0] and abs(a[1] - b[1]) <= LINE_SLACK


def place(finding, intervals):
    """The index of the verdict interval the finding's lines name, or None."""
    start = finding_location(finding.get("start"))
    stop = finding_location(finding.get("stop"))
    best, best_distance = None, None
    for index, interval in enumerate(intervals):
        if near(start, interval["start_loc"]) and near(stop, interval["stop_loc"]):
            distance = abs(start[1] - interval["start_loc"][1]) + abs(stop[1] - interval["stop_loc"][1])
            if best is None or distance < best_distance:
                best, best_distance = index, distance
    return best


def describe(line_info):
    location = finding_location(line_info)
    return "-" if location is None else f"{location[0]}:{location[1]}"


def short(location):
    return os.path.basename(location)


def percent(part, whole):
    return "n/a" if whole == 0 else f"{100.0 * part / whole:.0f}%"


def judge(programs, verdicts, raw):
    runs = {}
    runs_path = os.path.join(raw, "runs.tsv")
    if os.path.exists(runs_path):
        runs = {row["id"]: row for row in read_tsv(runs_path)}
    by_program = {}
    for row in verdicts:
        row = dict(row)
        row["start_loc"] = parse_location(row["start"])
        row["stop_loc"] = parse_location(row["stop"])
        row["expected_rules"] = split_rules(row["expected"])
        row["acceptable_rules"] = split_rules(row["acceptable"])
        row["found"] = set()
        by_program.setdefault(row["id"], []).append(row)

    finding_rows, program_rows = [], []
    for program in programs:
        pid = program["id"]
        intervals = by_program.get(pid, [])
        run = runs.get(pid, {})
        status, findings, interval_count = "no result", [], "-"
        try:
            with open(os.path.join(raw, pid + ".json")) as f:
                report = json.load(f)
            findings = report.get("findings", [])
            interval_count = str(report.get("intervals", "-"))
            status = "ran"
        except (OSError, ValueError):
            code = run.get("exit")
            status = {"not-built": "not built", "77": "no GPU seen (exit 77)",
                      "124": "timed out", "skipped": "skipped (time budget)",
                      None: "not run"}.get(code, f"no result (exit {code})")
        if status == "ran" and run.get("exit") not in (None, "0", "1"):
            status = f"ran (exit {run.get('exit')})"
        counts = {"findings": 0, "agreed": 0, "wrong": 0, "false_errors": 0, "by_rule": 0}
        for finding in findings:
            rule = finding.get("rule", "?")
            severity = finding.get("severity", "?")
            index = place(finding, intervals)
            how = "by lines"
            also = []  # further intervals a finding placed by rule stands for (its occurrences)
            if index is None:
                how = "by rule"
                candidates = [i for i, iv in enumerate(intervals)
                              if rule in iv["expected_rules"] and rule not in iv["found"]]
                candidates += [i for i, iv in enumerate(intervals)
                               if rule in iv["acceptable_rules"] and i not in candidates]
                index = candidates[0] if candidates else None
                occurrences = int(finding.get("occurrences") or 1)
                also = [i for i in candidates[1:occurrences]
                        if rule in intervals[i]["expected_rules"]]
            interval = intervals[index] if index is not None else None
            agreed = interval is not None and rule in interval["expected_rules"] + interval["acceptable_rules"]
            if agreed and rule in interval["expected_rules"]:
                interval["found"].add(rule)
            for i in also:  # a helper's lines shared by several intervals: one finding, k times
                intervals[i]["found"].add(rule)
            correct_interval = interval is None or not interval["expected_rules"]
            false_error = not agreed and severity == "error" and correct_interval
            counts["findings"] += 1
            counts["agreed" if agreed else "wrong"] += 1
            counts["false_errors"] += int(false_error)
            counts["by_rule"] += int(how == "by rule")
            judgement = "agreed" if agreed else ("FALSE ERROR" if false_error else "wrong")
            finding_rows.append({
                "id": pid, "rule": rule, "severity": severity,
                "start": describe(finding.get("start")), "stop": describe(finding.get("stop")),
                "site": describe(finding.get("site")),
                "interval": (short(interval["start"]) + " .. " + short(interval["stop"]) if interval else "-"),
                "placed": how if interval else "nowhere", "judgement": judgement,
                "measured_ms": finding.get("measured_ms", ""), "effect_ms": finding.get("effect_ms", ""),
                "occurrences": finding.get("occurrences", ""),
                "message": " ".join(str(finding.get("message", "")).split()),
            })
        mistakes = sum(len(iv["expected_rules"]) for iv in intervals)
        found = sum(len(iv["found"]) for iv in intervals)
        missed = [f"{short(iv['start'])} {rule}" for iv in intervals for rule in iv["expected_rules"]
                  if rule not in iv["found"]]
        program_rows.append({
            "id": pid, "status": status, "wall_s": run.get("wall_s", "-"),
            "intervals_judged": len(intervals), "intervals_seen": interval_count,
            "findings": counts["findings"], "agreed": counts["agreed"], "wrong": counts["wrong"],
            "false_errors": counts["false_errors"], "placed_by_rule": counts["by_rule"],
            "mistakes": mistakes, "mistakes_found": found, "missed": "; ".join(missed) or "-",
        })
    return program_rows, finding_rows


def write(program_rows, finding_rows, out):
    os.makedirs(out, exist_ok=True)
    total = {key: sum(int(row[key]) for row in program_rows)
             for key in ("intervals_judged", "findings", "agreed", "wrong", "false_errors",
                         "placed_by_rule", "mistakes", "mistakes_found")}
    fields = ["id", "status", "wall_s", "intervals_judged", "intervals_seen", "findings", "agreed",
              "wrong", "false_errors", "placed_by_rule", "mistakes", "mistakes_found", "missed"]
    with open(os.path.join(out, "results.tsv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(program_rows)
        writer.writerow({**{k: "-" for k in fields}, **total, "id": "TOTAL"})
    finding_fields = ["id", "rule", "severity", "start", "stop", "site", "interval", "placed",
                      "judgement", "measured_ms", "effect_ms", "occurrences", "message"]
    with open(os.path.join(out, "findings.tsv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=finding_fields, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(finding_rows)

    agreed_share = percent(total["agreed"], total["findings"])
    found_share = percent(total["mistakes_found"], total["mistakes"])
    aims = [
        ("findings agreed with the hand verdicts", f"{total['agreed']} of {total['findings']} ({agreed_share})",
         "at least 90%", total["findings"] == 0 or total["agreed"] >= 0.9 * total["findings"]),
        ("`error` findings on correct intervals", str(total["false_errors"]), "none",
         total["false_errors"] == 0),
        ("hand-judged mistakes found", f"{total['mistakes_found']} of {total['mistakes']} ({found_share})",
         "at least 85%", total["mistakes"] == 0 or total["mistakes_found"] >= 0.85 * total["mistakes"]),
    ]
    lines = ["# Public corpus: `gpucheck lint` against the hand verdicts", "",
             "Generated by `tools/public-corpus.sh` (checker/tests/public_corpus/README.md).", "",
             "| aim | result | target | met |", "|---|---|---|---|"]
    lines += [f"| {name} | {value} | {target} | {'yes' if met else 'NO'} |" for name, value, target, met in aims]
    lines += ["", "## Per program", "",
              "| program | status | intervals judged / seen | findings | agreed | wrong | false errors | mistakes found | missed |",
              "|---|---|---|---|---|---|---|---|---|"]
    for row in program_rows:
        lines.append(f"| {row['id']} | {row['status']} | {row['intervals_judged']} / {row['intervals_seen']} | "
                     f"{row['findings']} | {row['agreed']} | {row['wrong']} | {row['false_errors']} | "
                     f"{row['mistakes_found']} of {row['mistakes']} | {row['missed']} |")
    lines.append(f"| **total** | | {total['intervals_judged']} | {total['findings']} | {total['agreed']} | "
                 f"{total['wrong']} | {total['false_errors']} | {total['mistakes_found']} of {total['mistakes']} | |")
    lines += ["", "## Findings", "",
              "| program | rule | severity | start | stop | blamed | placed on | judgement | measured ms | effect ms |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for row in finding_rows:
        lines.append(f"| {row['id']} | {row['rule']} | {row['severity']} | {row['start']} | {row['stop']} | "
                     f"{row['site']} | {row['interval']} ({row['placed']}) | {row['judgement']} | "
                     f"{row['measured_ms']} | {row['effect_ms']} |")
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for name, value, target, met in aims:
        print(f"{name}: {value} (aim {target}){'' if met else '  <- NOT MET'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", required=True)
    parser.add_argument("--verdicts", required=True)
    parser.add_argument("--raw", required=True, help="folder with ID.json and runs.tsv")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    programs, verdicts = read_tsv(args.programs), read_tsv(args.verdicts)
    program_rows, finding_rows = judge(programs, verdicts, args.raw)
    write(program_rows, finding_rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
