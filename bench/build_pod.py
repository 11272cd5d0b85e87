"""Benchmark: a cold, clean `authoring build GAME --target pod`, `--target tts` and
`--target press` for every game.

Each build runs as a fresh process into an empty folder (so every face and board is drawn
and rasterised), three times per game and target; the median seconds, the files written
(images for pod, images and PDFs for tts, PDFs for press) and the megabytes of the target's
folder (`pod/`: images and manifest; `tts/`: card sheets, tiles, boards, PDFs and the saved
object; `press-a4/`: a PDF per component and the manifest) are printed. Run with
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
TARGETS = ("pod", "tts", "press")
FOLDERS = {"pod": "pod", "tts": "tts", "press": "press-a4"}
MADE = {"pod": (".png",), "tts": (".png", ".pdf"), "press": (".pdf",)}


def image_build(game: str, target: str) -> tuple[float, int, int]:
    """Seconds of one cold build of `game` for `target`, and the files and bytes it wrote."""
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run(
            [AUTHORING, "build", game, "--target", target, "--out", out, "--quiet"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        elapsed = time.perf_counter() - start
        files = [path for path in Path(out, game, FOLDERS[target]).rglob("*") if path.is_file()]
        made = sum(path.suffix in MADE[target] for path in files)
        return elapsed, made, sum(path.stat().st_size for path in files)


def main() -> int:
    header = f"{'game':<12}{'target':<8}{'median s':>9}{'files':>8}{'MB':>8}"
    print(f"{header}  ({RUNS} cold runs each)")
    for game in GAMES:
        for target in TARGETS:
            runs = [image_build(game, target) for _ in range(RUNS)]
            _, made, written = runs[0]
            median = statistics.median(seconds for seconds, _, _ in runs)
            print(f"{game:<12}{target:<8}{median:>9.2f}{made:>8}{written / 1e6:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
