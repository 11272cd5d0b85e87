"""Benchmark: simulations on one worker process and on every core.

First each game's simulation in one warm process (its `run`, the model loaded once), with
`workers=1` then `workers=N` (N = every core): the part that is shared out. Then each
command as a cold process with `--workers 1`, then `--workers N`: start-up and validation
included, which no worker shares. Three runs each; prints the medians, the speed-up, and
whether both printed the same figures (they must: runs are seeded by their number and added
up in run order).
BIATHLON BLAST's check is timed on a copy of its workbook without the search races (four
search bots a race would make the bench take half an hour); its greedy looks are the same.
Run with `make bench`, or `.venv/bin/python bench/workers.py`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

from authoring.game import get_game
from authoring.simulation import all_cores
from authoring.validate import validate_workbook

RUNS = 3
AUTHORING = str(Path(sys.executable).parent / "authoring")
COMMANDS = (
    ("simulate biathlon", ["simulate", "biathlon", "wolfsheim_kurz", "--runs", "2000"]),
    ("simulate blade", ["simulate", "blade", "m500", "--runs", "20000"]),
    ("simulate kisscry", ["simulate", "kisscry", "--runs", "10000"]),
    ("simulate darkblades", ["simulate", "darkblades", "--runs", "500"]),
    ("check blade", ["check", "blade"]),
)


def greedy_only_biathlon(folder: Path) -> Path:
    """A copy of BIATHLON BLAST's workbook whose Balance sheet asks for no search races."""
    book = openpyxl.load_workbook(get_game("biathlon").workbook)
    sheet = book["Balance"]
    header = [cell.value for cell in sheet[1]]
    sheet.cell(2, header.index("search_races_per_trail") + 1, 0)
    path = folder / "biathlon greedy only.xlsx"
    book.save(path)
    return path


WARM = (
    ("biathlon", "wolfsheim_kurz", 1000),
    ("blade", "m500", 20000),
    ("kisscry", "competition", 5000),
    ("darkblades", "arena", 300),
)


def warm(cores: int) -> None:
    print(f"in one process, medians of {RUNS}, 1 worker against {cores}")
    for name, simulation, runs in WARM:
        game = get_game(name)
        assert game.model is not None
        model = game.model(validate_workbook(game.workbook, game).tables)
        run = game.simulations[simulation].run
        medians, reports = [], []
        for workers in (1, cores):
            seconds = []
            for _ in range(RUNS):
                start = time.perf_counter()
                report = run(model, runs, 1, workers=workers)
                seconds.append(time.perf_counter() - start)
            medians.append(statistics.median(seconds))
            reports.append(report.as_json())
        same = "same figures" if reports[0] == reports[1] else "FIGURES DIFFER"
        label = f"{name} {simulation} x{runs}"
        print(
            f"{label:28} {medians[0]:6.2f} s -> {medians[1]:6.2f} s  "
            f"x{medians[0] / medians[1]:.2f}  ({same})"
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
    warm(cores)
    print(f"cold commands, medians of {RUNS}, 1 worker against {cores}")
    folder = Path(tempfile.mkdtemp())
    checks = [("check biathlon (greedy)", ["check", str(greedy_only_biathlon(folder))])]
    for label, arguments in [*COMMANDS, *checks]:
        medians, outputs = [], []
        for workers in (1, cores):
            runs = [timed([*arguments, "--workers", str(workers)]) for _ in range(RUNS)]
            medians.append(statistics.median(seconds for seconds, _ in runs))
            outputs.append(runs[0][1])
        same = "same figures" if outputs[0] == outputs[1] else "FIGURES DIFFER"
        print(
            f"{label:28} {medians[0]:6.2f} s -> {medians[1]:6.2f} s  "
            f"x{medians[0] / medians[1]:.2f}  ({same})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
