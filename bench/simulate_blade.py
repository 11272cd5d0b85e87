"""Benchmark: 10,000 simulated BLADE races of a 20-skater field, and a cold `check blade`.

The field is the first 20 skaters rated in the men's 500 m. Prints the median of 3 runs in
one process for the races, and of 3 fresh processes for the check. Run with `make bench`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from authoring.decks import Deck
from authoring.game import get_game
from authoring.games.blade.race import run_race
from authoring.simulation import run_rng
from authoring.validate import validate_workbook

RACES = 10_000
FIELD = 20
EVENT = "m500"


def main() -> int:
    game = get_game("blade")
    assert game.model is not None
    model = game.model(validate_workbook(game.workbook, game).tables)
    skaters = sorted(s for s, e in model.ratings if e == EVENT)[:FIELD]
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        for race in range(RACES):
            run_race(model, EVENT, skaters, Deck(model.deck, run_rng(1, race)))
        timings.append(time.perf_counter() - start)
    print(
        f"{RACES:,} races of {len(skaters)} skaters ({EVENT}): "
        f"{statistics.median(timings):.2f} s (median of 3)"
    )
    authoring = str(Path(sys.executable).parent / "authoring")
    checks = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([authoring, "check", "blade"], check=True, stdout=subprocess.DEVNULL)
        checks.append(time.perf_counter() - start)
    print(f"authoring check blade, cold: {statistics.median(checks):.2f} s (median of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
