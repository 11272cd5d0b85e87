"""Benchmark: BIATHLON BLAST races simulated per second on one course with 4 greedy bots.

Wolfsheim Kurz, four biathletes and colours as `authoring simulate` rotates them; the median
of 3 runs of 500 races in one process. Run with `make bench`.
"""

from __future__ import annotations

import statistics
import sys
import time

from authoring.game import get_game
from authoring.games.biathlon.race import BOTS
from authoring.games.biathlon.simulate import one_race
from authoring.validate import validate_workbook

RACES = 500
COURSE = "wolfsheim_kurz"
PLAYERS = 4


def main() -> int:
    game = get_game("biathlon")
    assert game.model is not None
    model = game.model(validate_workbook(game.workbook, game).tables)
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        for run in range(RACES):
            one_race(model, COURSE, 1, run, [BOTS["greedy"]] * PLAYERS)
        rates.append(RACES / (time.perf_counter() - start))
    print(
        f"{COURSE}, {PLAYERS} greedy bots: {statistics.median(rates):.0f} races/s "
        f"(median of 3 x {RACES})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
