"""Benchmark: annotate a 100,000-row x 10-column Counters sheet that carries 1,000 findings.

The workbook and its findings are real: the flawed workbook of `validate_100k.py` (every 100th
row has an attack out of range), validated once with `validate_workbook`. `write_annotated`
then runs RUNS times in this process and the median is printed with the range. The target is
5 s on a 2-core machine. `--openpyxl` also times one openpyxl load and save of the same file,
the way an annotated copy would be made without package surgery (slow: minutes, not seconds).
Run with `.venv/bin/python bench/annotate_100k.py`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from validate_100k import DATA, FLAW_EVERY, ROWS, SHEET, generate

from authoring.annotate import write_annotated
from authoring.game import get_game
from authoring.validate import validate_workbook

RUNS = 5
TARGET_SECONDS = 5.0


def openpyxl_round_trip(path: Path, output: Path) -> float:
    from openpyxl import load_workbook

    start = time.perf_counter()
    book = load_workbook(path)
    book.save(output)
    return time.perf_counter() - start


def main() -> int:
    game = get_game("darkblades")
    DATA.mkdir(exist_ok=True)
    source = DATA / "counters_100k_flawed.xlsx"
    if not source.exists():
        print(f"generating {source} ...", flush=True)
        generate(source, game.schemas[SHEET], bad_every=FLAW_EVERY)
    start = time.perf_counter()
    findings = validate_workbook(source, game, only=(SHEET,)).findings
    print(
        f"{ROWS:,} rows x {len(game.schemas[SHEET].fields)} columns, "
        f"{source.stat().st_size / 1e6:.1f} MB; {len(findings):,} findings "
        f"(validated in {time.perf_counter() - start:.1f} s, not counted below)"
    )
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "annotated.xlsx"
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            write_annotated(source, findings, output)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        print(
            f"write_annotated, {RUNS} runs: median {median:.2f} s "
            f"(fastest {min(times):.2f}, slowest {max(times):.2f}); target {TARGET_SECONDS:.0f} s"
        )
        print(f"annotated copy: {output.stat().st_size / 1e6:.1f} MB")
        if "--openpyxl" in sys.argv[1:]:
            seconds = openpyxl_round_trip(source, Path(folder) / "openpyxl.xlsx")
            print(f"openpyxl load + save of the same file, once: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
