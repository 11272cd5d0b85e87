"""Benchmark: a cold `authoring build GAME` and `authoring check GAME` for every game.

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
    games = ("darkblades", "blade", "kisscry", "biathlon")
    rows = {}
    with tempfile.TemporaryDirectory() as out:
        for game in games:
            for paper in ("a4", "letter"):
                rows[f"authoring build {game} ({paper})"] = seconds(
                    [AUTHORING, "build", game, "--paper", paper, "--out", out]
                )
            rows[f"authoring check {game}"] = seconds([AUTHORING, "check", game])
        files = {game: sum(1 for _ in Path(out, game).glob("*.pdf")) // 2 for game in games}
    print(f"{'command':<38}{'median s':>9}{'min':>7}{'max':>7}  ({RUNS} cold runs each)")
    for name, times in rows.items():
        print(f"{name:<38}{statistics.median(times):>9.2f}{min(times):>7.2f}{max(times):>7.2f}")
    print("files per build: " + ", ".join(f"{game} {n}" for game, n in files.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
