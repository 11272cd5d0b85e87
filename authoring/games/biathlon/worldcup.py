"""The World Cup: four races, one on each trail, scored by place; the lowest total wins.

Race 1 hands out ski colours at random. From race 2 the previous race's finishing order
chooses colours (a bot takes the earliest free colour in ski colour order, since that picks
a biathlete first), and biathletes are chosen in ski colour order: a bot takes the free
biathlete whose skills best fit the trail's terrain.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from authoring.games.biathlon.model import Biathlon
from authoring.games.biathlon.race import Bot, new_race, play, standings
from authoring.games.biathlon.simulate import seat_bots
from authoring.games.biathlon.trail import track
from authoring.report import Figures, Report
from authoring.simulation import Proportion, run_all, run_rng

ORDER = ("wolfsheim_lang", "wolfsheim_kurz", "portrock_short", "portrock_long")


@dataclass(frozen=True)
class Cup:
    places: dict[str, list[int]]  # player -> finishing place in each race
    points: dict[str, list[int]]  # player -> points scored in each race
    colours: list[dict[str, str]]  # each race's ski colour per player
    champion: str

    def total(self, player: str) -> int:
        return sum(self.points[player])


def fit(game: Biathlon, course: str, biathlete: str) -> int:
    """How well a biathlete's skills suit a trail: skill per terrain times its spaces."""
    chosen = game.courses[course]
    terrain = Counter(chosen.spaces[s].terrain for s in track(chosen))
    skills = game.biathletes[biathlete].skills
    return sum(skills.get(kind, 0) * count for kind, count in terrain.items())


def world_cup(game: Biathlon, players: dict[str, Bot], rng: random.Random) -> Cup:
    colours = sorted(game.colours, key=lambda c: game.colours[c].order)
    places: dict[str, list[int]] = {p: [] for p in players}
    points: dict[str, list[int]] = {p: [] for p in players}
    handed: list[dict[str, str]] = []
    chosen_colours = dict(zip(players, rng.sample(colours, len(players)), strict=True))
    for course in ORDER:
        handed.append(chosen_colours)
        pickers = sorted(players, key=lambda p: game.colours[chosen_colours[p]].order)
        free = sorted(game.biathletes)
        picked = {}
        for player in pickers:
            best = max(free, key=lambda b: (fit(game, course, b), b))
            picked[player] = best
            free.remove(best)
        race = play(
            new_race(
                game,
                course,
                [picked[p] for p in pickers],
                [chosen_colours[p] for p in pickers],
                [players[p] for p in pickers],
                rng,
            )
        )
        order = standings(race)
        by_seat = {player.seat: pickers[player.seat] for player in race.players}
        finish_order = [by_seat[player.seat] for player in order]
        for place, player in enumerate(finish_order, start=1):
            places[player].append(place)
            points[player].append(game.world_cup_points[place])
        # The next race's colours: chosen in finishing order, each the earliest still free.
        chosen_colours = dict(zip(finish_order, colours, strict=False))
    return Cup(places, points, handed, champion(points, places))


def champion(points: dict[str, list[int]], places: dict[str, list[int]]) -> str:
    """The lowest total of points; a tie goes to the better place in the last race."""
    return min(points, key=lambda p: (sum(points[p]), places[p][-1]))


def cup_champion(game: Biathlon, players: dict[str, Bot], seed: int, run: int) -> str:
    """World Cup number `run`, as its champion."""
    return world_cup(game, players, run_rng(seed, run)).champion


def simulate(
    game: Biathlon,
    runs: int,
    seed: int,
    *,
    players: int = 4,
    bots: Sequence[str] = ("greedy",),
    workers: int = 1,
) -> Report:
    count = max(2, min(players, len(game.colours)))
    line_up = seat_bots(bots, count)
    names = [f"player {n} ({bot.name})" for n, bot in enumerate(line_up, start=1)]
    entrants = dict(zip(names, line_up, strict=True))
    example = world_cup(game, entrants, run_rng(seed, 0))
    titles: Counter[str] = Counter()
    play = partial(cup_champion, game, entrants, seed)
    titles.update(run_all(play, runs, workers=workers, label="World Cups"))
    rows: list[tuple[object, ...]] = [
        (game.courses[course].name, *(example.points[p][index] for p in names))
        for index, course in enumerate(ORDER)
    ]
    rows.append(("total", *(example.total(p) for p in names)))
    sheet = Figures(
        f"One World Cup, seed {seed}: points per race (1st = 1)",
        ("trail", *names),
        tuple(rows),
        note=f"Champion: {example.champion} (lowest total; ties go to the better final race).",
    )
    odds = Figures(
        f"{runs} World Cups of {len(names)} players, seed {seed}",
        ("player", "P(champion)"),
        tuple((name, Proportion(titles[name], runs)) for name in names),
        note="Players with the same bot are interchangeable, so their shares should sit near "
        "each other: a gap points at the colour choice or the tie-break.",
    )
    return Report(figures=[sheet, odds])
