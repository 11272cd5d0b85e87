"""Benchmark: rebuilds that find nothing (or little) to do, and `authoring watch`'s latency
from a save to the finished PDFs.

Measured, medians of cold processes unless said:

- the no-change rebuild of every kit (`authoring build` into a folder holding the kits),
  beside what any command costs before it does anything (`authoring --version`: Python and
  the command's imports) and loading every game (their kits import reportlab), so the part
  the rebuild itself adds can be read off;
- the same rebuild in one warm process (`build_game` for every kit): the record check alone;
- a DARK BLADES copy saved with the same values (validated again, nothing written), and with
  one cell changed (a character's notes: the files whose components read Characters);
- `authoring watch` on that copy: from the save (the new file renamed into place, as Excel
  does) to the round's `built N of M files` line, for both kinds of save.

Run with `make bench`.
"""

from __future__ import annotations

import io
import os
import queue
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl

from authoring.build import build_game
from authoring.game import get_game
from authoring.render.paper import PAPERS
from authoring.target import every_game

RUNS = 5
WARM_RUNS = 20
AUTHORING = str(Path(sys.executable).parent / "authoring")
PYTHON = sys.executable
GAME = "darkblades"
ROUND_TIMEOUT = 120.0


def cold(command: list[str], before: Callable[[int], None] | None = None) -> list[float]:
    """Wall-clock times of `command` as a fresh process; `before(run)` prepares each run."""
    times = []
    for run in range(RUNS):
        if before is not None:
            before(run)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def warm_no_change(out: Path) -> list[float]:
    """`build_game` for every kit in this process, after a first call has warmed it."""
    targets = every_game()
    paper = PAPERS["a4"]
    for target in targets:
        build_game(target, paper, out)
    times = []
    for _ in range(WARM_RUNS):
        start = time.perf_counter()
        for target in targets:
            assert build_game(target, paper, out).written == []
        times.append(time.perf_counter() - start)
    return times


def saved(path: Path, edit: Callable[[Any], None]) -> bytes:
    book = openpyxl.load_workbook(path)
    edit(book)
    written = io.BytesIO()
    book.save(written)
    return written.getvalue()


def save(path: Path, data: bytes) -> None:
    """Save as Excel does: a temporary file beside the workbook, renamed over it."""
    temporary = path.with_name("A1B2C3D4")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def width(value: float) -> Callable[[Any], None]:
    def edit(book: Any) -> None:
        book["Characters"].column_dimensions["B"].width = value

    return edit


def notes(value: str) -> Callable[[Any], None]:
    def edit(book: Any) -> None:
        sheet = book["Characters"]
        column = next(cell.column for cell in sheet[1] if cell.value == "notes")
        sheet.cell(2, column).value = value

    return edit


class Lines:
    """A process's output lines as they come."""

    def __init__(self, stream: Any) -> None:
        self.queue: queue.Queue[tuple[float, str]] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.queue.put((time.perf_counter(), line.rstrip("\n")))

    def until(self, prefix: str) -> float:
        """When the next line starting with `prefix` came."""
        deadline = time.monotonic() + ROUND_TIMEOUT
        while True:
            when, line = self.queue.get(timeout=max(deadline - time.monotonic(), 0.01))
            if line.startswith(prefix):
                return when


def watch_latency(path: Path, out: Path, kinds: dict[str, list[bytes]]) -> dict[str, list[float]]:
    watching = subprocess.Popen(
        [AUTHORING, "watch", str(path), "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # its "interrupted" when the benchmark stops it
        text=True,
    )
    try:
        lines = Lines(watching.stdout)
        lines.until(f"{GAME}: built")
        latencies: dict[str, list[float]] = {}
        for kind, versions in kinds.items():
            latencies[kind] = []
            for data in versions:
                start = time.perf_counter()
                save(path, data)
                latencies[kind].append(lines.until(f"{GAME}: built") - start)
                time.sleep(0.3)  # let the round's own output settle before the next save
        return latencies
    finally:
        watching.send_signal(signal.SIGINT)
        watching.wait(timeout=ROUND_TIMEOUT)


def main() -> int:
    rows: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "out")
        subprocess.run(
            [AUTHORING, "build", "--out", str(out)], check=True, stdout=subprocess.DEVNULL
        )
        rows["authoring --version (the floor of any command)"] = cold([AUTHORING, "--version"])
        rows["+ every game loaded (their kits load when drawn)"] = cold(
            [
                PYTHON,
                "-c",
                "from authoring.cli import main; from authoring.game import all_games; all_games()",
            ]
        )
        rows["authoring build, no change, every kit (a4)"] = cold(
            [AUTHORING, "build", "--out", str(out)]
        )
        rows["  the same, warm, in one process"] = warm_no_change(out)

        path = Path(folder, "designer", f"{GAME}.xlsx")
        path.parent.mkdir()
        path.write_bytes(get_game(GAME).workbook.read_bytes())
        kit_out = Path(folder, "kit")
        command = [AUTHORING, "build", str(path), "--out", str(kit_out)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        same = [saved(path, width(20 + run)) for run in range(RUNS)]
        changed = [saved(path, notes(f"Notes, version {run}.")) for run in range(RUNS)]
        rows[f"authoring build {GAME} copy, saved with the same values"] = cold(
            command, lambda run: save(path, same[run])
        )
        rows[f"authoring build {GAME} copy, one cell changed"] = cold(
            command, lambda run: save(path, changed[run])
        )
        latency = watch_latency(
            path,
            Path(folder, "watched"),
            {
                "same values": [saved(path, width(40 + run)) for run in range(RUNS)],
                "one cell changed": [saved(path, notes(f"Watched, {run}.")) for run in range(RUNS)],
            },
        )
        for kind, times in latency.items():
            rows[f"authoring watch {GAME}: save to PDFs, {kind}"] = times
    print(f"{'measured':<62}{'median s':>9}{'min':>7}{'max':>7}")
    for name, times in rows.items():
        print(f"{name:<62}{statistics.median(times):>9.3f}{min(times):>7.3f}{max(times):>7.3f}")
    print(f"({RUNS} runs each; warm: {WARM_RUNS} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
