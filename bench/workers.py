"""Benchmark: simulations on one worker process and on every core.

Each command runs as a cold process with `--workers 1`, then with `--workers N` (N = every
core), three times each; prints the medians, the speed-up, and whether both printed the
same figures (they must: runs are seeded by their number and added up in run order).
Run with `make bench`, or `.venv/bin/python bench/workers.py`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from authoring.simulation import all_cores

RUNS = 3
AUTHORING = str(Path(sys.executable).parent / "authoring")
COMMANDS = (
    ("simulate biathlon", ["simulate", "biathlon", "wolfsheim_kurz", "--runs", "2000"]),
    ("simulate blade", ["simulate", "blade", "m500", "--runs", "20000"]),
    ("simulate kisscry", ["simulate", "kisscry", "--runs", "10000"]),
    ("simulate darkblades", ["simulate", "darkblades", "--runs", "500"]),
    ("check blade", ["check", "blade"]),
    ("check biathlon", ["check", "biathlon"]),
)


def timed(arguments: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [AUTHORING, *arguments, "--format", "json"], capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: the check found warnings worth a look
        sys.exit(f"{' '.join(arguments)}: exit {done.returncode}\n{done.stderr}")
    return seconds, done.stdout


def main() -> int:
    cores = all_cores()
    print(f"medians of {RUNS} cold runs, 1 worker against {cores}")
    for label, arguments in COMMANDS:
        medians, outputs = [], []
        for workers in (1, cores):
            runs = [timed([*arguments, "--workers", str(workers)]) for _ in range(RUNS)]
            medians.append(statistics.median(seconds for seconds, _ in runs))
            outputs.append(runs[0][1])
        same = "same figures" if outputs[0] == outputs[1] else "FIGURES DIFFER"
        print(
            f"{label:22} {medians[0]:6.2f} s -> {medians[1]:6.2f} s  "
            f"x{medians[0] / medians[1]:.2f}  ({same})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
