"""Benchmark: a cold, clean `authoring build GAME --target pod` for every game.

Each build runs as a fresh process into an empty folder (so every face is drawn and
rasterised), three times; the median seconds, the images written and the megabytes of
the `pod` folder (images and manifest) are printed. Run with
`.venv/bin/python bench/build_pod.py`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 3
AUTHORING = str(Path(sys.executable).parent / "authoring")
GAMES = ("darkblades", "blade", "kisscry", "biathlon", "rinkside")


def pod_build(game: str) -> tuple[float, int, int]:
    """Seconds of one cold pod build of `game`, and the images and bytes it wrote."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run(
            [AUTHORING, "build", game, "--target", "pod", "--out", out, "--quiet"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        elapsed = time.perf_counter() - start
        files = [path for path in Path(out, game, "pod").rglob("*") if path.is_file()]
        images = sum(path.suffix == ".png" for path in files)
        return elapsed, images, sum(path.stat().st_size for path in files)


def main() -> int:
    print(f"{'game':<12}{'median s':>9}{'images':>8}{'MB':>8}  ({RUNS} cold runs each)")
    for game in GAMES:
        runs = [pod_build(game) for _ in range(RUNS)]
        _, images, written = runs[0]
        median = statistics.median(seconds for seconds, _, _ in runs)
        print(f"{game:<12}{median:>9.2f}{images:>8}{written / 1e6:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
