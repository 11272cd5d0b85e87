"""Benchmark: RINKSIDE HOCKEY seasons of the whole league (328 games, 82 a club).

One season on one worker (its seconds and games a second), then K = 4 seasons on 1 and 2
workers through `simulate_season` (the figures must be the same bytes on both). The model
is loaded once; each figure is the median of 3 runs. Run with `make bench`, or
`.venv/bin/python bench/simulate_rinkside.py`.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from authoring.game import get_game
from authoring.games.rinkside.season import play_season, schedule
from authoring.games.rinkside.simulate import simulate_season
from authoring.validate import validate_workbook

RUNS = 3
SEASONS = 4
SEED = 1
Result = TypeVar("Result")


def median_time(work: Callable[[], Result]) -> tuple[float, Result]:
    timings, results = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        results.append(work())
        timings.append(time.perf_counter() - start)
    return statistics.median(timings), results[-1]


def main() -> int:
    game = get_game("rinkside")
    assert game.model is not None
    model = game.model(validate_workbook(game.workbook, game).tables)
    games = len(schedule(model.teams))
    one, _ = median_time(lambda: play_season(model, SEED, 0))
    print(f"one season ({games} games), 1 worker: {one:.2f} s, {games / one:.1f} games/s")
    texts = {}
    for workers in (1, 2):
        taken, report = median_time(
            partial(simulate_season, model, 0, SEED, workers=workers, seasons=SEASONS)
        )
        texts[workers] = "\n".join(figures.as_text() for figures in report.figures)
        print(f"{SEASONS} seasons, {workers} worker(s): {taken:.2f} s")
    print("same figures on 1 and 2 workers:", "yes" if texts[1] == texts[2] else "NO")
    return 0 if texts[1] == texts[2] else 1


if __name__ == "__main__":
    sys.exit(main())
