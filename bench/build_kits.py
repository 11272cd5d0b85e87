"""Benchmark: a cold, clean `authoring build GAME` and `authoring check GAME` for every game.

Each command runs as a fresh process (cold: imports, font registration, workbook reading
and every PDF included), five times, each build into an empty folder so that every file is
drawn (a build into a folder that holds the kit already rewrites nothing; that is measured
by `bench/rebuild_watch.py`); the median and the range are printed. Run with `make bench`.
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


def seconds(command: list[str], *, fresh_out: bool = False) -> list[float]:
    """Wall-clock times of `command`; with `fresh_out`, `--out` is an empty folder each run."""
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run(
                [*command, *(["--out", out] if fresh_out else [])],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    games = ("darkblades", "blade", "kisscry", "biathlon", "rinkside")
    rows = {}
    for game in games:
        for paper in ("a4", "letter"):
            rows[f"authoring build {game} ({paper})"] = seconds(
                [AUTHORING, "build", game, "--paper", paper], fresh_out=True
            )
        rows[f"authoring check {game}"] = seconds([AUTHORING, "check", game])
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([AUTHORING, "build", "--out", out], check=True, stdout=subprocess.DEVNULL)
        files = {game: sum(1 for _ in Path(out, game).glob("*.pdf")) for game in games}
    print(f"{'command':<38}{'median s':>9}{'min':>7}{'max':>7}  ({RUNS} cold runs each)")
    for name, times in rows.items():
        print(f"{name:<38}{statistics.median(times):>9.2f}{min(times):>7.2f}{max(times):>7.2f}")
    print("files per build: " + ", ".join(f"{game} {n}" for game, n in files.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
