#!/usr/bin/env python3
"""The instruction-count gate (`make check-instructions`, run by .ci/run).

Builds Tools/Benchmarks' `InstructionCounts` driver in release and runs each benchmark of
Tools/Benchmarks/instruction-budget.json under `valgrind --tool=callgrind` at two message counts.
Instructions a message are the difference of the two totals divided by the difference of the
counts, so start-up and the model's construction cancel out. Instruction counts repeat exactly from
run to run whatever else the machine runs, unlike wall-clock times, so the gate is not flaky.

A figure above its budget by more than the file's tolerance (2 %) fails, printing the figure and the
budget. Lowering a budget is part of the change that earns it; the gate prints a hint when a figure is
well below its budget.

A benchmark with an `allocations` budget also runs under `valgrind --tool=memcheck` at the same two
counts: heap allocations a message are the difference of memcheck's "total heap usage" counts
divided by the difference of the counts, and may not exceed the budget (plus 0.01, for a one-time
allocation that lands in one run only). The hot path's promise that a message allocates nothing
(docs/performance.md) is a budget of 0.

Usage: Tools/Scripts/check-instructions.py [--budget PATH] [--only NAME ...] [--no-build]
                                           [--binary PATH] [--write]
  --write    set each budget to the figure measured (to record a deliberate change)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "Tools" / "Benchmarks"
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
HEAP_USAGE = re.compile(r"total heap usage:\s*([\d,]+)\s+allocs")


def instructions(binary: Path, mode: list[str], messages: int) -> int:
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(binary), *mode,
         str(messages)],
        capture_output=True, text=True,
    )
    match = COLLECTED.search(result.stderr)
    if result.returncode != 0 or match is None:
        raise RuntimeError(f"{' '.join(mode)} {messages} failed (status {result.returncode}):\n"
                           f"{result.stderr[-2000:]}")
    return int(match[1])


def allocations(binary: Path, mode: list[str], messages: int) -> int:
    result = subprocess.run(
        ["valgrind", "--tool=memcheck", "--leak-check=no", str(binary), *mode, str(messages)],
        capture_output=True, text=True,
    )
    match = HEAP_USAGE.search(result.stderr)
    if result.returncode != 0 or match is None:
        raise RuntimeError(f"{' '.join(mode)} {messages} failed under memcheck (status "
                           f"{result.returncode}):\n{result.stderr[-2000:]}")
    return int(match[1].replace(",", ""))


def per_message(binary: Path, mode: list[str], counts: list[int], measure=None) -> float:
    measure = measure or instructions
    low, high = counts
    return (measure(binary, mode, high) - measure(binary, mode, low)) / (high - low)


def allocation_verdict(figure: float, budget: float) -> tuple[bool, str]:
    """Whether `figure` allocations a message pass `budget` (exact, but for 0.01 of slack)."""
    if figure > budget + 0.01:
        return False, f"{figure:.2f} allocations a message, budget {budget:g}: over budget"
    return True, f"{figure:.2f} allocations a message, budget {budget:g}"


def verdict(figure: float, budget: float, tolerance: float) -> tuple[bool, str]:
    """Whether `figure` passes `budget` with `tolerance` percent, and how it compares."""
    limit = budget * (1 + tolerance / 100)
    if budget <= 0:
        return False, "no budget set: record one with --write"
    change = (figure / budget - 1) * 100
    if figure > limit:
        return False, f"{change:+.1f}% over budget (limit {limit:.1f})"
    note = f"{change:+.1f}%"
    if change < -5:
        note += ": well below budget, lower it in the change that earned it"
    return True, note


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=Path, default=BENCHMARKS / "instruction-budget.json")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--binary", type=Path, default=BENCHMARKS / ".build" / "release" / "InstructionCounts")
    parser.add_argument("--write", action="store_true")
    arguments = parser.parse_args()

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is required (apt-get install valgrind)", file=sys.stderr)
        return 1
    budget_file = json.loads(arguments.budget.read_text(encoding="utf-8"))
    tolerance = float(budget_file["tolerance_percent"])
    counts = [int(c) for c in budget_file["counts"]]
    if not arguments.no_build:
        print("instructions: building InstructionCounts (release)", flush=True)
        subprocess.run(["swift", "build", "-c", "release", "--package-path", str(BENCHMARKS),
                        "--product", "InstructionCounts"], check=True)

    failures = []
    for entry in budget_file["benchmarks"]:
        if arguments.only and entry["name"] not in arguments.only:
            continue
        try:
            figure = per_message(arguments.binary, entry["mode"], entry.get("counts", counts))
        except RuntimeError as error:
            print(f"instructions: {entry['name']}: {error}", file=sys.stderr)
            failures.append(entry["name"])
            continue
        if arguments.write:
            entry["budget"] = round(figure)
            print(f"instructions: {entry['name']:<16} {figure:9.1f} a message: budget set")
            continue
        passed, note = verdict(figure, float(entry["budget"]), tolerance)
        print(f"instructions: {entry['name']:<16} {figure:9.1f} a message, budget "
              f"{entry['budget']:>6} ({' '.join(entry['mode'])}): {note}", flush=True)
        if not passed:
            failures.append(entry["name"])
        if "allocations" in entry:
            try:
                heap = per_message(arguments.binary, entry["mode"], entry.get("counts", counts), allocations)
            except RuntimeError as error:
                print(f"allocations: {entry['name']}: {error}", file=sys.stderr)
                failures.append(entry["name"])
                continue
            passed, note = allocation_verdict(heap, float(entry["allocations"]))
            print(f"allocations:  {entry['name']:<16} {note}", flush=True)
            if not passed:
                failures.append(entry["name"])

    if arguments.write:
        arguments.budget.write_text(json.dumps(budget_file, indent=2) + "\n", encoding="utf-8")
        return 1 if failures else 0
    if failures:
        print(f"instructions: over budget or failed: {', '.join(dict.fromkeys(failures))} (budgets in "
              f"{arguments.budget.relative_to(ROOT) if arguments.budget.is_relative_to(ROOT) else arguments.budget}"
              f", {tolerance:g}% tolerance; docs/performance.md says how to measure)", file=sys.stderr)
        return 1
    print("instructions: every benchmark within its budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
