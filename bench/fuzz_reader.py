"""Benchmark: fuzz cases per second of the reader's property test.

A case is one example of tests/test_reader_properties.py: a generated workbook written by
openpyxl (with cached formula results put in), validated twice against the test suite's toy
game, every property checked. Hypothesis generates the cases in this process, from a fixed
seed per run; the median of 3 runs of 300 cases. `make fuzz` runs 10,000 under pytest. Run
with `make bench`.
"""

from __future__ import annotations

import inspect
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

# The property test, its strategies and the toy game live with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from conftest import toy_game
from test_reader_properties import BookSpec, books, check_book

from authoring.game import Game

CASES = 300


def cases_per_second(game: Game, run: int) -> float:
    done = 0

    @seed(run)
    @settings(
        max_examples=CASES,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(books())
    def case(book: BookSpec) -> None:
        nonlocal done
        with tempfile.TemporaryDirectory() as folder:
            check_book(book, game, Path(folder))
        done += 1

    start = time.perf_counter()
    case()
    return done / (time.perf_counter() - start)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        game = inspect.unwrap(toy_game)(Path(folder))  # the fixture as a plain function
        rates = [cases_per_second(game, run) for run in range(3)]
    print(
        f"reader fuzz (generate, write, validate twice, check): "
        f"{statistics.median(rates):.1f} cases/s (median of 3 x {CASES})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
