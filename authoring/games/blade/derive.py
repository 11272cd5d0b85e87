"""Rating a season: the letter pair each skater's results support.

For every pair of letters an event allows, the exact mean and spread of the base time follow
from the deck and the chart (each modifier clamped into the pair, each row equally likely).
A skater's pair is the one whose mean and spread sit closest to the season's, each
difference measured in its own standard error (the mean's is sd/sqrt(n), the spread's about
sd/sqrt(2(n-1))), so a long season pins the pair down more tightly than a short one.

A few results pin the best letter well (most draws land on it) and the worst letter only
loosely, so a roster rating is questioned only when it is both more than the tolerance away
from the derived pair and itself rejected by the season: its distance, in squared standard
errors, beyond the square of Settings' z threshold.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from authoring.files import write_atomically
from authoring.games.blade.model import Blade, Rating
from authoring.games.blade.rules import modified_letter
from authoring.games.blade.timing import LETTERS, format_time


@dataclass(frozen=True)
class Derived:
    rating: Rating
    results: int
    season_mean: float
    season_sd: float
    model_mean: float
    model_sd: float
    roster_distance: float | None  # the roster pair's distance from the season, if rated


def pair_moments(game: Blade, event: str) -> dict[tuple[int, int], tuple[float, float]]:
    """Exact mean and sd of the base time for every letter pair the event allows."""
    chart = game.charts[event]
    rows = Counter(card.top for card in game.deck)
    total = sum(rows.values())
    letter_moments = []
    for letter in range(len(LETTERS)):
        mean = sum(chart[row - 1][letter] * n for row, n in rows.items()) / total
        square = sum(chart[row - 1][letter] ** 2 * n for row, n in rows.items()) / total
        letter_moments.append((mean, square))
    allowed = range(game.events[event].best_letter, game.events[event].worst_letter + 1)
    moments = {}
    for best in allowed:
        for worst in allowed:
            if worst < best:
                continue
            rating = Rating("", event, best, worst)
            weights = Counter(
                modified_letter(rating, card.modifier, game.minus_is_slower) for card in game.deck
            )
            mean = sum(letter_moments[L][0] * n for L, n in weights.items()) / len(game.deck)
            square = sum(letter_moments[L][1] * n for L, n in weights.items()) / len(game.deck)
            moments[(best, worst)] = (mean, math.sqrt(max(square - mean * mean, 0.0)))
    return moments


def derive(game: Blade) -> dict[tuple[str, str], Derived]:
    """The supported pair for every rated skater with enough results."""
    by_event = {event: pair_moments(game, event) for event in game.events}
    derived = {}
    for key, times in sorted(game.results.items()):
        skater, event = key
        if len(times) < max(game.results_needed, 2):
            continue
        n = len(times)
        mean = sum(times) / n
        sd = math.sqrt(sum((t - mean) ** 2 for t in times) / (n - 1))
        pairs = by_event[event]
        best, worst = min(pairs, key=lambda pair: _distance(pairs[pair], mean, sd, n))
        model_mean, model_sd = pairs[(best, worst)]
        roster = game.ratings.get(key)
        roster_pair = (roster.best, roster.worst) if roster else None
        derived[key] = Derived(
            Rating(skater, event, best, worst),
            n,
            mean,
            sd,
            model_mean,
            model_sd,
            _distance(pairs[roster_pair], mean, sd, n) if roster_pair in pairs else None,
        )
    return derived


def _distance(model: tuple[float, float], mean: float, sd: float, n: int) -> float:
    """How far a season sits from a pair's exact moments, in standard errors squared."""
    model_mean, model_sd = model
    scale = max(model_sd, 0.01)
    return ((mean - model_mean) / (scale / math.sqrt(n))) ** 2 + (
        (sd - model_sd) / (scale / math.sqrt(2 * (n - 1)))
    ) ** 2


def write_proposal(game: Blade, path: Path) -> int:
    """A new workbook: a Ratings sheet ready to paste, and the evidence behind each pair."""
    derived = derive(game)
    book = Workbook()
    ratings = book.active
    assert ratings is not None
    ratings.title = "Ratings"
    ratings.append(["skater", "event", "best", "worst"])
    evidence = book.create_sheet("Evidence")
    evidence.append(
        [
            "skater",
            "name",
            "event",
            "roster",
            "proposed",
            "results",
            "season mean",
            "season sd",
            "model mean",
            "model sd",
        ]
    )
    for (skater, event), found in derived.items():
        rating = found.rating
        ratings.append([skater, event, LETTERS[rating.best], LETTERS[rating.worst]])
        roster = game.ratings.get((skater, event))
        evidence.append(
            [
                skater,
                game.skaters[skater].name,
                event,
                roster.label if roster else "",
                rating.label,
                found.results,
                format_time(found.season_mean),
                round(found.season_sd, 3),
                format_time(found.model_mean),
                round(found.model_sd, 3),
            ]
        )
    for sheet in (ratings, evidence):
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
    write_atomically(path, lambda temporary: book.save(temporary))
    return len(derived)
