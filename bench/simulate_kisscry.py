"""Benchmark: 10,000 simulated KISS & CRY competitions of a 24-skater field.

The field is the Field sheet's 24 skaters, host country from Settings, with the optional
modifier and home-judge rules on. Prints the median of 3 runs in one process. Run with
`make bench`.
"""

from __future__ import annotations

import statistics
import sys
import time

from authoring.decks import Deck
from authoring.game import get_game
from authoring.games.kisscry.competition import compete
from authoring.simulation import run_rng
from authoring.validate import validate_workbook

COMPETITIONS = 10_000


def main() -> int:
    game = get_game("kisscry")
    assert game.model is not None
    model = game.model(validate_workbook(game.workbook, game).tables)
    skaters = list(model.field)
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        for run in range(COMPETITIONS):
            compete(model, skaters, Deck(model.deck, run_rng(1, run)), home=model.host_country)
        timings.append(time.perf_counter() - start)
    print(
        f"{COMPETITIONS:,} competitions of {len(skaters)} skaters: "
        f"{statistics.median(timings):.2f} s (median of 3)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
