"""BLADE's rules as pure functions: the letter a modifier gives, and the exact distribution
of a skater's base time, which is a pure table lookup (deck modifier, then chart row)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from fractions import Fraction
from itertools import accumulate

from authoring.games.blade.model import Blade, Modifier, ModifierReading, Rating


def counted_move(modifier: int, reading: ModifierReading) -> tuple[bool, int]:
    """Where a numeric modifier starts counting (True: the worst letter) and how many letters
    it moves toward V (negative: toward A)."""
    toward_slower = -modifier if reading.minus_is_slower else modifier
    return toward_slower < 0 and reading.faster_from_worst, toward_slower


def modified_letter(rating: Rating, modifier: Modifier, reading: ModifierReading) -> int:
    """The chart column a bottom modifier gives, kept inside the rating (MAX and MIN are its
    two ends). A move toward V counts from the best letter; a move toward A counts from the
    best letter too, or from the worst when the reading says so."""
    if modifier == "MAX":
        return rating.best
    if modifier == "MIN":
        return rating.worst
    from_worst, toward_slower = counted_move(modifier, reading)
    start = rating.worst if from_worst else rating.best
    return min(max(start + toward_slower, rating.best), rating.worst)


def letter_distribution(game: Blade, rating: Rating) -> dict[int, Fraction]:
    """Exact chance of each chart column for one draw from the deck."""
    counts = Counter(
        modified_letter(rating, card.modifier, game.modifier_reading) for card in game.deck
    )
    return {letter: Fraction(n, len(game.deck)) for letter, n in counts.items()}


def row_distribution(game: Blade) -> dict[int, Fraction]:
    counts = Counter(card.top for card in game.deck)
    return {row: Fraction(n, len(game.deck)) for row, n in counts.items()}


def base_time_distribution(game: Blade, rating: Rating) -> dict[float, float]:
    """Exact distribution of the base time: independent draws of a modifier and a row."""
    rows = row_distribution(game)
    chances: dict[float, float] = {}
    for letter, p_letter in letter_distribution(game, rating).items():
        for row, p_row in rows.items():
            time = game.chart_time(rating.event, letter, row)
            chances[time] = chances.get(time, 0.0) + float(p_letter * p_row)
    return chances


def moments(distribution: dict[float, float]) -> tuple[float, float]:
    """Mean and standard deviation."""
    mean = sum(t * p for t, p in distribution.items())
    variance = sum(p * (t - mean) ** 2 for t, p in distribution.items())
    return mean, math.sqrt(variance)


def chance_faster(first: dict[float, float], second: dict[float, float]) -> float:
    """P(first's time < second's time) for independent draws; ties count half."""
    times = sorted(second)
    below = list(accumulate(second[t] for t in times))
    total = below[-1]
    faster = 0.0
    for time, p in first.items():
        index = bisect_right(times, time)
        at_or_below = below[index - 1] if index else 0.0
        tie = second.get(time, 0.0)
        faster += p * (total - at_or_below + tie / 2)
    return faster
