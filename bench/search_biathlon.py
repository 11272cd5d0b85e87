"""Benchmark: how well the search bot plays BIATHLON BLAST, and what it costs.

On every trail, one search bot against three greedy bots: the search bot's win rate with
its 95 % Wilson interval and sample size (fair share 1/4, target at least 40 %), and the
time per race. Races are the simulation's own (`one_race`): random biathletes, ski colours
in rotation, so the search bot skis every colour equally often. Run with
`.venv/bin/python bench/search_biathlon.py [--races N] [--rollouts N]`.
"""

from __future__ import annotations

import argparse
import sys
import time

from authoring.game import get_game
from authoring.games.biathlon import COURSES
from authoring.games.biathlon.race import BOTS
from authoring.games.biathlon.search import DEFAULT_ROLLOUTS, Search
from authoring.games.biathlon.simulate import one_race
from authoring.simulation import Proportion
from authoring.validate import validate_workbook

RACES = 80
SEED = 1
TARGET = 0.40


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=RACES, help="races per trail")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="per decision")
    args = parser.parse_args()
    game = get_game("biathlon")
    assert game.model is not None
    model = game.model(validate_workbook(game.workbook, game).tables)
    bots = [Search(args.rollouts), *[BOTS["greedy"]] * 3]
    print(f"one search bot ({args.rollouts} rollouts per decision) against three greedy bots")
    for course in COURSES:
        start = time.perf_counter()
        wins = 0
        for run in range(args.races):
            race = one_race(model, course, SEED, run, bots)
            wins += race.winner is race.players[0]
        seconds = (time.perf_counter() - start) / args.races
        rate = Proportion(wins, args.races)
        verdict = "meets" if rate.value >= TARGET else "misses"
        print(f"{course:16} win rate {rate}  {seconds:.2f} s/race  ({verdict} {TARGET:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
