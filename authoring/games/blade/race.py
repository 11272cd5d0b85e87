"""A BLADE race played by the rules, card by card, and the simulation of many.

The deck is shuffled and drawn without replacement, reshuffled when it runs out, as at the
table. Skaters race in pairs in the order given (first and second, third and fourth...), as
on the ice. A choice the seed leaves open: a fall whose time draw ends in 1 collides with the
faller's pair partner if the partner's time, before any fall time, is equal or at most 0.02 s
slower. Times are only known once the base times are drawn, so collisions are settled then:
the partner falls too (time added from the falls chart, no further collision) and both draw
on the injury table.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from authoring.decks import Deck
from authoring.games.blade.model import Blade, Card, Rating, lookup
from authoring.games.blade.rules import modified_letter
from authoring.games.blade.timing import LETTERS, format_time
from authoring.report import Figures, Report
from authoring.simulation import Proportion, run_chunks, run_rng

STAGES = ("start", "mid_race", "final_lap")
BONUSES = ("fast_start", "good_position", "burst_of_speed")
COLLISION_GAP = 0.02


class Drawing(Protocol):
    def draw(self) -> Card: ...


@dataclass
class Entry:
    skater: str
    rating: Rating
    fall_rating: int
    stages: dict[str, float] = field(default_factory=dict)  # seconds added (- = gained)
    fall_time: float = 0.0
    falls: int = 0
    status: str = "finished"  # or "disqualified", "withdrew"
    collision: bool = False
    letter: int | None = None
    row: int | None = None
    base: float | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def racing(self) -> bool:
        return self.status == "finished"

    @property
    def time_modifier(self) -> float:
        return round(sum(self.stages.values()) + self.fall_time, 2)

    @property
    def official(self) -> float | None:
        return (
            None
            if self.base is None or not self.racing
            else round(self.base + self.time_modifier, 2)
        )


def run_race(game: Blade, event: str, skaters: list[str], deck: Drawing) -> list[Entry]:
    """Every skater's race, in the order they skated, with cards drawn from `deck`."""
    entries = [Entry(s, game.ratings[(s, event)], game.skaters[s].fall_rating) for s in skaters]
    for stage in STAGES:
        for entry in entries:
            if entry.racing:
                _stage(game, deck, entry, stage)
    for entry in entries:
        if entry.racing:
            card = deck.draw()
            entry.letter = modified_letter(entry.rating, card.modifier, game.modifier_reading)
            entry.row = deck.draw().top
            entry.base = game.chart_time(event, entry.letter, entry.row)
    for index, entry in enumerate(entries):
        partner = entries[index ^ 1] if index ^ 1 < len(entries) else None
        if not entry.collision or partner is None or not (entry.racing and partner.racing):
            continue
        gap = round(_clean_time(partner) - _clean_time(entry), 2)
        if 0 <= gap <= COLLISION_GAP:
            partner.notes.append(f"collision with {entry.skater}")
            _fall(game, deck, partner, collided=True)
            _injury(game, deck, entry)
    return entries


def _clean_time(entry: Entry) -> float:
    """The time a skater would have clocked without falls."""
    return (entry.base or 0.0) + sum(entry.stages.values())


def _stage(game: Blade, deck: Drawing, entry: Entry, stage: str) -> None:
    outcome = lookup(game.stage_charts[stage], deck.draw().middle)
    if outcome in BONUSES:
        grade = lookup(game.grade_draw, deck.draw().middle)
        if game.bonus_counts(grade, entry.rating.best):
            gained = (deck.draw().middle % 10) / 100
            entry.stages[stage] = entry.stages.get(stage, 0.0) - gained
            entry.notes.append(f"{outcome.replace('_', ' ')} -{gained:.2f}")
    elif outcome == "stumble":
        lost = (deck.draw().middle % 10) / 100
        entry.stages[stage] = entry.stages.get(stage, 0.0) + lost
        entry.notes.append(f"stumble +{lost:.2f}")
    elif outcome == "damaged_skate":
        entry.status = "withdrew"
        entry.notes.append("damaged skate")
    elif outcome == "disqualified":
        entry.status = "disqualified"
    elif outcome == "possible_fall":
        number = deck.draw().middle
        falls = number % 10 == 1 if entry.fall_rating == 1 else number <= entry.fall_rating
        if falls:
            _fall(game, deck, entry, collided=False)


def _fall(game: Blade, deck: Drawing, entry: Entry, *, collided: bool) -> None:
    number = deck.draw().middle
    added = float(lookup(game.falls_chart, number))
    entry.fall_time += added
    entry.falls += 1
    entry.notes.append(f"fall +{added:.0f} s")
    if collided or number % 10 == 0:
        _injury(game, deck, entry)
    elif number % 10 == 1:
        entry.collision = True


def _injury(game: Blade, deck: Drawing, entry: Entry) -> None:
    outcome = lookup(game.injury_table, deck.draw().middle)
    if outcome == "withdraws" and entry.racing:
        entry.status = "withdrew"
        entry.notes.append("injured, withdrew")
    elif outcome == "skates_on":
        entry.notes.append("injured, skated on")


def standings(entries: list[Entry]) -> list[Entry]:
    finished = sorted(
        (e for e in entries if e.official is not None), key=lambda e: e.official or 0.0
    )
    return finished + [e for e in entries if e.official is None]


def field_for(game: Blade, event: str) -> list[str]:
    """The Field sheet's skaters for the event, else everyone rated in it."""
    if event in game.field:
        return list(game.field[event])
    return [skater for (skater, rated), _ in sorted(game.ratings.items()) if rated == event]


@dataclass
class RaceTally:
    """What races of one field add up to: counts per skater, official times in race order."""

    times: dict[str, list[float]] = field(default_factory=dict)  # the finishers' times
    wins: Counter[str] = field(default_factory=Counter)
    podiums: Counter[str] = field(default_factory=Counter)
    falls: Counter[str] = field(default_factory=Counter)
    disqualified: Counter[str] = field(default_factory=Counter)
    withdrew: Counter[str] = field(default_factory=Counter)
    winning: list[float] = field(default_factory=list)  # each race's winning time

    def add(self, order: list[Entry]) -> None:
        for place, entry in enumerate(order):
            self.falls[entry.skater] += entry.falls > 0
            official = entry.official
            if official is None:
                self.disqualified[entry.skater] += entry.status == "disqualified"
                self.withdrew[entry.skater] += entry.status == "withdrew"
                continue
            self.times.setdefault(entry.skater, []).append(official)
            self.wins[entry.skater] += place == 0
            self.podiums[entry.skater] += place < 3
        if order and order[0].official is not None:
            self.winning.append(order[0].official)

    def merge(self, later: RaceTally) -> None:
        """Add the tally of the races that came after these."""
        for skater, times in later.times.items():
            self.times.setdefault(skater, []).extend(times)
        for mine, theirs in (
            (self.wins, later.wins),
            (self.podiums, later.podiums),
            (self.falls, later.falls),
            (self.disqualified, later.disqualified),
            (self.withdrew, later.withdrew),
        ):
            mine.update(theirs)
        self.winning += later.winning


def tally_races(game: Blade, event: str, skaters: list[str], seed: int, runs: range) -> RaceTally:
    """Races number `runs` of the event, added up (a chunk of a simulation)."""
    tally = RaceTally()
    for run in runs:
        tally.add(standings(run_race(game, event, skaters, Deck(game.deck, run_rng(seed, run)))))
    return tally


def play_races(
    game: Blade, event: str, skaters: list[str], runs: int, seed: int, workers: int
) -> RaceTally:
    tally = RaceTally()
    play = partial(tally_races, game, event, skaters, seed)
    for part in run_chunks(play, runs, workers=workers, label="races"):
        tally.merge(part)
    return tally


def simulate(game: Blade, runs: int, seed: int, *, event: str, workers: int = 1) -> Report:
    skaters = field_for(game, event)
    example = standings(run_race(game, event, skaters, Deck(game.deck, run_rng(seed, 0))))
    tally = play_races(game, event, skaters, runs, seed, workers)
    times, wins, winning = tally.times, tally.wins, tally.winning
    name = game.events[event].name
    sheet = Figures(
        f"{name}: one race, seed {seed}",
        (
            "place",
            "skater",
            "country",
            "rating",
            "START",
            "MID",
            "FINAL",
            "TM",
            "letter/row",
            "base time",
            "OFFICIAL TIME",
            "notes",
        ),
        tuple(_sheet_row(game, place, entry) for place, entry in enumerate(example, start=1)),
    )
    rows = []
    for skater in sorted(skaters, key=lambda s: -wins[s]):
        mine = times.get(skater, [])
        mean = sum(mine) / len(mine) if mine else math.nan
        spread = (
            math.sqrt(sum((t - mean) ** 2 for t in mine) / (len(mine) - 1))
            if len(mine) > 1
            else math.nan
        )
        rows.append(
            (
                game.skaters[skater].name,
                game.ratings[(skater, event)].label,
                format_time(mean) if mine else "-",
                round(spread, 3),
                Proportion(wins[skater], runs),
                Proportion(tally.podiums[skater], runs),
                Proportion(tally.falls[skater], runs),
                Proportion(tally.disqualified[skater], runs),
                Proportion(tally.withdrew[skater], runs),
            )
        )
    summary = Figures(
        f"{name}: {runs} races of {len(skaters)} skaters, seed {seed}",
        (
            "skater",
            "rating",
            "mean time",
            "sd (s)",
            "P(win)",
            "P(podium)",
            "P(fall)",
            "P(DQ)",
            "P(withdrew)",
        ),
        tuple(rows),
        note="Monte Carlo, deck drawn without replacement and reshuffled when empty: "
        "p [95% Wilson interval] n=races. Mean and sd over the races the skater finished. "
        f"Mean winning time {format_time(sum(winning) / len(winning))} "
        f"(world record {format_time(game.events[event].world_record)}).",
    )
    return Report(figures=[sheet, summary])


def _sheet_row(game: Blade, place: int, entry: Entry) -> tuple[object, ...]:
    skater = game.skaters[entry.skater]
    official = entry.official
    return (
        place if official is not None else {"disqualified": "DQ", "withdrew": "WD"}[entry.status],
        skater.name,
        skater.country,
        entry.rating.label,
        *(f"{entry.stages.get(stage, 0.0):+.2f}" for stage in STAGES),
        f"{entry.time_modifier:+.2f}",
        f"{LETTERS[entry.letter]}/{entry.row}" if entry.letter is not None else "",
        format_time(entry.base) if entry.base is not None else "",
        format_time(official) if official is not None else "",
        "; ".join(entry.notes),
    )
