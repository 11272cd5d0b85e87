"""A KISS & CRY competition by the rules: a short program and a long program per skater,
with the optional modifier and home-judge rules, and the simulation of many.

Each mark is its own draw: a top number finds the skater's chart range for that column (a
draw-again number is simply drawn again). A long program is a freshly generated base score
times the multiplier of a bottom-number draw. The home judge: a bottom number that is a
double calls him, and a home skater then gains the points of a second draw; the call is
drawn for home skaters only, as nobody else can gain from it. A skater's total is her short
program plus her long program.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial

from authoring.decks import Deck
from authoring.games.kisscry.model import (
    SCORES,
    Card,
    KissCry,
    Scores,
    exact,
    lookup,
    to_hundredth,
)
from authoring.report import Figures, Report
from authoring.simulation import Proportion, run_chunks, run_rng


@dataclass
class Program:
    """One program's score, in exact decimals: every printed score is to the hundredth."""

    scores: Scores
    base: Decimal
    multiplier: Decimal = Decimal(1)
    modifier: Decimal = Decimal(0)
    home_judge: Decimal = Decimal(0)

    @property
    def final(self) -> Decimal:
        """The long program's product rounded half up to the hundredth, then the modifier and
        the home judge's points, both whole hundredths, added to it."""
        return to_hundredth(self.base * self.multiplier) + self.modifier + self.home_judge


@dataclass
class Skate:
    skater: str
    short: Program
    long: Program
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return self.short.final + self.long.final


def marks(game: KissCry, skater: str, deck: Deck[Card]) -> Scores:
    chart = game.charts[skater]
    drawn = {}
    for name in SCORES:
        share = lookup(chart, deck.draw().top)
        while share.scores is None:  # the draw-again band
            share = lookup(chart, deck.draw().top)
        drawn[name] = getattr(share.scores, name)
    return Scores(**drawn)


def program(
    game: KissCry, skater: str, deck: Deck[Card], *, long: bool, modifiers: bool, home: str | None
) -> Program:
    scores = marks(game, skater, deck)
    result = Program(scores, scores.final(game.component_factor))
    if long:
        result.multiplier = exact(lookup(game.long_program, deck.draw().bottom).value)
    if modifiers:
        result.modifier = Decimal(lookup(game.modifiers, deck.draw().bottom).value) / 100
    home_skater = home is not None and game.skaters[skater].country == home
    # The call card is drawn for a home skater only: nobody else can gain from it.
    if home_skater and deck.draw().bottom in game.home_judge_doubles:
        result.home_judge = exact(lookup(game.home_judge, deck.draw().bottom).value)
    return result


def compete(
    game: KissCry,
    skaters: list[str],
    deck: Deck[Card],
    *,
    modifiers: bool = True,
    home: str | None = None,
) -> list[Skate]:
    """Short programs for all in start order, then long programs; standings by total."""
    shorts = {
        s: program(game, s, deck, long=False, modifiers=modifiers, home=home) for s in skaters
    }
    skates = [
        Skate(s, shorts[s], program(game, s, deck, long=True, modifiers=modifiers, home=home))
        for s in skaters
    ]
    return sorted(skates, key=lambda skate: -skate.total)


@dataclass
class CompetitionTally:
    """What competitions add up to: each skater's totals in competition order, her wins,
    podiums and the points the home judge gave her."""

    totals: dict[str, list[float]] = field(default_factory=dict)  # for the mean and spread
    wins: Counter[str] = field(default_factory=Counter)
    podiums: Counter[str] = field(default_factory=Counter)
    judged: dict[str, Decimal] = field(default_factory=dict)

    def add(self, standings: list[Skate]) -> None:
        for place, skate in enumerate(standings):
            self.totals.setdefault(skate.skater, []).append(float(skate.total))
            self.wins[skate.skater] += place == 0
            self.podiums[skate.skater] += place < 3
            gained = skate.short.home_judge + skate.long.home_judge
            self.judged[skate.skater] = self.judged.get(skate.skater, Decimal(0)) + gained

    def merge(self, later: CompetitionTally) -> None:
        """Add the tally of the competitions that came after these."""
        for skater, totals in later.totals.items():
            self.totals.setdefault(skater, []).extend(totals)
        self.wins.update(later.wins)
        self.podiums.update(later.podiums)
        for skater, gained in later.judged.items():
            self.judged[skater] = self.judged.get(skater, Decimal(0)) + gained


def tally_competitions(
    game: KissCry, skaters: list[str], home: str, seed: int, runs: range
) -> CompetitionTally:
    """Competitions number `runs`, added up (a chunk of a simulation)."""
    tally = CompetitionTally()
    for run in runs:
        tally.add(compete(game, skaters, Deck(game.deck, run_rng(seed, run)), home=home))
    return tally


def simulate(
    game: KissCry,
    runs: int,
    seed: int,
    *,
    field: int | None = None,
    host: str | None = None,
    workers: int = 1,
) -> Report:
    skaters = list(game.field)[: field or len(game.field)]
    if field and field > len(skaters):
        everyone = [s for s in sorted(game.charts) if s not in skaters]
        skaters += everyone[: field - len(skaters)]
    home = host or game.host_country
    example = compete(game, skaters, Deck(game.deck, run_rng(seed, 0)), home=home)
    tally = CompetitionTally()
    play = partial(tally_competitions, game, skaters, home, seed)
    for part in run_chunks(play, runs, workers=workers, label="competitions"):
        tally.merge(part)
    totals, judged = tally.totals, tally.judged
    sheet = Figures(
        f"One competition, seed {seed}, host {home}",
        (
            "place",
            "skater",
            "country",
            "E",
            "SUB",
            "x.8",
            "DED",
            "SP",
            "LP base",
            "x",
            "LP",
            "total",
        ),
        tuple(_sheet_row(game, place, skate) for place, skate in enumerate(example, start=1)),
    )
    rows = []
    for skater in sorted(skaters, key=lambda s: -sum(totals[s])):
        mine = totals[skater]
        mean = sum(mine) / len(mine)
        sd = (
            math.sqrt(sum((t - mean) ** 2 for t in mine) / (len(mine) - 1))
            if len(mine) > 1
            else 0.0
        )
        rows.append(
            (
                game.skaters[skater].name,
                game.skaters[skater].country,
                round(mean, 2),
                round(sd, 2),
                Proportion(tally.wins[skater], runs),
                Proportion(tally.podiums[skater], runs),
                round(float(judged[skater]) / runs, 3)
                if game.skaters[skater].country == home
                else "",
            )
        )
    summary = Figures(
        f"{runs} competitions of {len(skaters)} skaters, seed {seed}, host {home}",
        ("skater", "country", "mean total", "sd", "P(win)", "P(podium)", "home judge +pts"),
        tuple(rows),
        note="Monte Carlo with the optional modifier and home-judge rules: p [95% Wilson "
        "interval] n=competitions. 'home judge +pts' is the mean the home judge added per "
        "competition to a skater of the host country.",
    )
    return Report(figures=[sheet, summary])


def _sheet_row(game: KissCry, place: int, skate: Skate) -> tuple[object, ...]:
    short, long = skate.short, skate.long
    factor = exact(game.component_factor)
    return (
        place,
        game.skaters[skate.skater].name,
        game.skaters[skate.skater].country,
        f"{exact(short.scores.E):.2f}",
        f"{short.scores.components():.2f}",
        f"{to_hundredth(factor * short.scores.components()):.2f}",
        short.scores.DED,
        f"{short.final:.2f}",
        f"{long.base:.2f}",
        str(long.multiplier),
        f"{long.final:.2f}",
        f"{skate.total:.2f}",
    )
