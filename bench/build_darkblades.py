"""Benchmark: a cold `authoring build darkblades` and `authoring check darkblades`.

Each command runs as a fresh process (cold: imports, font registration, workbook reading
and every PDF included), five times; the median and the range are printed. Run with
`make bench`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 5
AUTHORING = str(Path(sys.executable).parent / "authoring")


def seconds(command: list[str]) -> list[float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    with tempfile.TemporaryDirectory() as out:
        rows = {
            "authoring build darkblades (a4)": seconds(
                [AUTHORING, "build", "darkblades", "--paper", "a4", "--out", out]
            ),
            "authoring build darkblades (letter)": seconds(
                [AUTHORING, "build", "darkblades", "--paper", "letter", "--out", out]
            ),
            "authoring check darkblades": seconds([AUTHORING, "check", "darkblades"]),
        }
        pages = sum(1 for _ in Path(out, "darkblades").glob("*.pdf"))
    print(f"{'command':<38}{'median s':>9}{'min':>7}{'max':>7}  ({RUNS} cold runs each)")
    for name, times in rows.items():
        print(f"{name:<38}{statistics.median(times):>9.2f}{min(times):>7.2f}{max(times):>7.2f}")
    print(f"files per build: {pages // 2} per paper")
    return 0


if __name__ == "__main__":
    sys.exit(main())
