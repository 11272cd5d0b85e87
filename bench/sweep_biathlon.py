"""Benchmark: a 50-variant BIATHLON BLAST sweep on a Dask LocalCluster of 1 and 2 workers.

The variants: Kopřiva's Vltava Flow card, top flat steps 0-9 x bottom flat steps 0-4, 400
races each on the Kurz trail with 4 greedy bots. Prints the median wall time of `authoring
sweep` (a fresh cache each time, so every variant is played) on 1 and 2 workers, the
speed-up, and the overhead a variant pays for the cluster: the 1-worker sweep less the same
variants played by the same code in one process with no cluster, over the variants. Checks
that both worker counts print the same bytes. Run with `make bench`; `--repeat K` (default 3).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from authoring.game import get_game
from authoring.runners import InProcess
from authoring.sweep import Job, read_sweep, run_sweep, variants
from authoring.workbook import read_workbook

RUNS = 400
SWEEP = """
simulation = "wolfsheim_kurz"
[options]
players = 4

[[vary]]
sheet = "Cards"
column = "top_flat"
where = { id = "kopriva_vltava" }
range = [0, 9, 1]

[[vary]]
sheet = "Cards"
column = "bottom_flat"
where = { id = "kopriva_vltava" }
range = [0, 4, 1]

[[figure]]
name = "Kopřiva wins"
table = "win rate per biathlete"
row = "Ondřej Kopřiva"
column = "P(win)"
"""
AUTHORING = str(Path(sys.executable).parent / "authoring")


def swept(plan: Path, workers: int, folder: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [AUTHORING, "sweep", "biathlon", str(plan), "--runs", str(RUNS), "--workers", str(workers),
         "--format", "json", "--out-dir", str(folder), "-q"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return time.perf_counter() - start, done.stdout


def in_one_process(plan: Path) -> float:
    sweep = read_sweep(plan)
    game = get_game("biathlon")
    raw = read_workbook(game.workbook)
    made = variants(sweep, raw)
    job = Job(
        "biathlon",
        raw,
        "biathlon.xlsx",
        "wolfsheim_kurz",
        (("players", 4),),
        RUNS,
        1,
        sweep.figures,
    )
    start = time.perf_counter()
    run_sweep(sweep, job, made, InProcess(), None)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        plan = folder / "bench.toml"
        plan.write_text(SWEEP, encoding="utf-8")
        count = len(variants(read_sweep(plan), read_workbook(get_game("biathlon").workbook)))
        times: dict[int, list[float]] = {1: [], 2: []}
        printed: dict[int, str] = {}
        for attempt in range(repeat):
            for workers in (1, 2):
                seconds, printed[workers] = swept(plan, workers, folder / f"{workers}-{attempt}")
                times[workers].append(seconds)
        alone = statistics.median(in_one_process(plan) for _ in range(repeat))
    one, two = (statistics.median(times[w]) for w in (1, 2))
    print(f"sweep of {count} variants x {RUNS} races (median of {repeat}):")
    print(f"  1 worker  {one:7.1f} s")
    print(f"  2 workers {two:7.1f} s   speed-up {one / two:.2f}x")
    print(f"  one process, no cluster {alone:7.1f} s")
    print(f"  overhead a variant on the cluster: {(one - alone) / count * 1000:.0f} ms")
    print(f"  same JSON on 1 and 2 workers: {printed[1] == printed[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
