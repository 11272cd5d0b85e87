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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from authoring.checks import Tables
from authoring.derive import Derivation, Group, Key, NotDerived, Proposal, Written
from authoring.games.blade.model import EVENTS, Blade, Rating, build_model, chart_sheet
from authoring.games.blade.rules import modified_letter
from authoring.games.blade.timing import LETTERS
from authoring.tables import Record


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
                modified_letter(rating, card.modifier, game.modifier_reading) for card in game.deck
            )
            mean = sum(letter_moments[L][0] * n for L, n in weights.items()) / len(game.deck)
            square = sum(letter_moments[L][1] * n for L, n in weights.items()) / len(game.deck)
            moments[(best, worst)] = (mean, math.sqrt(max(square - mean * mean, 0.0)))
    return moments


def results_to_derive(game: Blade) -> int:
    """Results a pair is derived from: Settings' count, and two at least for a spread."""
    return max(game.results_needed, 2)


def derive(game: Blade) -> dict[tuple[str, str], Derived]:
    """The supported pair for every rated skater with enough results."""
    by_event = {event: pair_moments(game, event) for event in game.events}
    derived = {}
    for key, times in sorted(game.results.items()):
        skater, event = key
        if len(times) < results_to_derive(game):
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


def letters_questioned(game: Blade, found: Derived, roster: Rating) -> tuple[str, ...]:
    """The letters ("best", "worst") of a roster rating that the season questions: each more
    than the tolerance from the derived pair, while the season rejects the roster pair."""
    rejected = found.roster_distance is not None and found.roster_distance > game.z_threshold**2
    if not rejected:
        return ()
    return tuple(
        name
        for name, have, want in (
            ("best", roster.best, found.rating.best),
            ("worst", roster.worst, found.rating.worst),
        )
        if abs(have - want) > game.derive_tolerance
    )


# --- `authoring derive blade`: the Ratings sheet from the season ------------------------------


def propose(tables: Tables, on_sheet: Mapping[Key, Sequence[Record]]) -> Proposal:
    """A rating for every skater and event with results enough; the roster's other ratings are
    kept, each with the reason.

    A change matters when `validate` would question the roster rating (`letters_questioned`),
    when the roster rating cannot be judged (its row has an error, or a letter outside the
    event's), and for a new rating.
    """
    game = build_model(tables)
    found = derive(game)
    skaters = {skater: index for index, skater in enumerate(game.skaters)}
    events = {event: index for index, event in enumerate(game.events)}
    groups = []
    for key in sorted(found, key=lambda key: (skaters[key[0]], events[key[1]])):
        derived = found[key]
        roster = game.ratings.get(key)
        now = derived.rating.label
        evidence = f"{derived.results} results support {now}"
        if roster is not None and derived.roster_distance is not None:
            evidence += (
                f"; the season sits {math.sqrt(derived.roster_distance):.1f} standard errors "
                f"from {roster.label}"
            )
        elif roster is not None:
            evidence += f"; the roster's {roster.label} is not a pair {key[1]} allows"
        elif key in on_sheet:
            evidence += "; the roster's row has an error"
        groups.append(
            Group(
                key=key,
                label=_label(game, key),
                rows=(
                    {
                        "skater": key[0],
                        "event": key[1],
                        "best": LETTERS[derived.rating.best],
                        "worst": LETTERS[derived.rating.worst],
                    },
                ),
                was=" / ".join(_letters(record) for record in on_sheet.get(key, ())),
                now=now,
                evidence=evidence,
                matters=(
                    roster is None
                    or derived.roster_distance is None
                    or bool(letters_questioned(game, derived, roster))
                ),
            )
        )
    unsupported = [key for key in [*on_sheet, *game.results] if key not in found]
    return Proposal(
        groups=tuple(groups),
        not_derived=tuple(
            NotDerived(key, _label(game, key), _why_not(game, key))
            for key in dict.fromkeys(unsupported)
        ),
        tolerance=(
            f"a letter more than {game.derive_tolerance} from the derived pair, and the season "
            f"more than {game.z_threshold:g} standard errors from the roster pair (the ratings "
            "validate warns about)"
        ),
    )


def _label(game: Blade, key: Key) -> str:
    skater, event = key
    known = game.skaters.get(str(skater))
    return f"{known.name} ({skater}), {event}" if known else f"{skater}, {event}"


def _letters(record: Record) -> str:
    return f"{record.get('best') or '?'}-{record.get('worst') or '?'}"


def _why_not(game: Blade, key: Key) -> str:
    skater, event = str(key[0]), str(key[1])
    if skater not in game.skaters:
        return f"skater {skater} is not on sheet Skaters"
    if event not in game.events:
        return f"event {event} is not on sheet Events"
    results = len(game.results.get((skater, event), ()))
    if not results:
        return f"no {event} results this season"
    return (
        f"{results} {event} result{'s' * (results != 1)} this season; a rating is derived "
        f"from {results_to_derive(game)} or more"
    )


DERIVATION = Derivation(
    writes=(Written("Ratings", key=("skater", "event"), propose=propose),),
    reads=(
        "Settings",
        "Events",
        *(chart_sheet(event) for event in EVENTS),
        "Skaters",
        "Results",
        "Deck",
    ),
    noun="rating",
)
